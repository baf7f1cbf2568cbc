// No zod in this file: the dashboards read it in the first page load, which carries no schemas
// (the request and response schemas of analytics.ts are the API's).

/** Page sizes of the dashboards' trend tables (SPEC §9); the first is the default. */
export const TREND_PAGE_SIZES = [5, 10, 20, 40, 50, 100] as const;
export const TREND_PAGE_SIZE_MAX = 100;

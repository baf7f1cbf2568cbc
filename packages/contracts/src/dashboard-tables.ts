// No zod in this file: the dashboards read it in the first page load, which carries no schemas
// (the request and response schemas of analytics.ts are the API's).

/** The six cards of the dashboards, in this order (SPEC §2 Org area). */
export const DASHBOARD_METRICS = [
  { label: 'Latest Reading', footer: 'Most recent reading' },
  { label: 'Previous Reading', footer: 'Reading before the latest' },
  { label: '7-Day Average', footer: 'Mean of the last 7 days' },
  { label: '30-Day Average', footer: 'Mean of the last 30 days' },
  { label: 'All-Time Average', footer: 'Mean of all readings' },
  { label: 'Population Norm', footer: 'Members of the same age and sex' },
] as const;

/** Page sizes of the dashboards' trend tables (SPEC §9); the first is the default. */
export const TREND_PAGE_SIZES = [5, 10, 20, 40, 50, 100] as const;
export const TREND_PAGE_SIZE_MAX = 100;

import { z } from 'zod';

/** SPEC §9 analytics range chips, in display order; 30 days is the default. */
export const TOP_ORGS_RANGES = [
  { value: 'all_time', label: 'All Time' },
  { value: '90_days', label: '90 days' },
  { value: '60_days', label: '60 days' },
  { value: '30_days', label: '30 days' },
  { value: '14_days', label: '14 days' },
  { value: '7_days', label: '7 days' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'today', label: 'Today' },
] as const;
export type TopOrgsRange = (typeof TOP_ORGS_RANGES)[number]['value'];
const RANGE_VALUES = TOP_ORGS_RANGES.map((range) => range.value) as [
  TopOrgsRange,
  ...TopOrgsRange[],
];
export const DEFAULT_TOP_ORGS_RANGE: TopOrgsRange = '30_days';

/** SPEC §9: the top-org table's page sizes; the first is the default. */
export const TOP_ORGS_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The figures of a top-org row (`TopOrgRow`), each a count over the range, in column order. */
export const TOP_ORGS_FIGURES = [
  'total_users',
  'total_users_active',
  'total_readings',
  'exercise_sessions',
  'mindfulness_sessions',
  'plan_sessions',
  'morning_readings',
  'anytime_readings',
] as const;
export type TopOrgsFigure = (typeof TOP_ORGS_FIGURES)[number];

/** The sortable columns: every figure of the row and the name; active users by default. */
export const TOP_ORGS_SORT_FIELDS = ['org_name', ...TOP_ORGS_FIGURES] as const;
export type TopOrgsSortField = (typeof TOP_ORGS_SORT_FIELDS)[number];

/**
 * POST /api/analytics/top_orgs_by_users (SPEC §7): `page` counts from 1. Days are each
 * organization's calendar days in its own time zone; "N days" ends today and includes it.
 */
export const TopOrgsBody = z.object({
  range: z
    .enum(RANGE_VALUES, { error: `Must be one of ${RANGE_VALUES.join(', ')}` })
    .default(DEFAULT_TOP_ORGS_RANGE),
  limit: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(100, 'Must be at most 100')
    .default(TOP_ORGS_PAGE_SIZES[0]),
  page: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(100_000, 'Must be at most 100000')
    .default(1),
  sort_field: z
    .enum(TOP_ORGS_SORT_FIELDS, { error: `Must be one of ${TOP_ORGS_SORT_FIELDS.join(', ')}` })
    .default('total_users_active'),
  sort_order: z.enum(['asc', 'desc'], { error: 'Must be asc or desc' }).default('desc'),
});
export type TopOrgsBody = z.input<typeof TopOrgsBody>;

/**
 * SPEC §3 "Top-org analytics row". `total_users`: current members; `total_users_active`: members
 * who recorded a reading or a session in the range; readings and sessions recorded in the range
 * (exercise = biofeedback, plan = self-compassion).
 */
export const TopOrgRow = z.object({
  org_id: z.string(),
  org_name: z.string(),
  ...(Object.fromEntries(TOP_ORGS_FIGURES.map((figure) => [figure, z.number().int()])) as Record<
    TopOrgsFigure,
    z.ZodNumber
  >),
});
export type TopOrgRow = z.infer<typeof TopOrgRow>;

/** Ties broken by name then id, so pages never overlap; `totalRows` counts every organization. */
export const TopOrgsResponse = z.object({ list: z.array(TopOrgRow), totalRows: z.number().int() });
export type TopOrgsResponse = z.infer<typeof TopOrgsResponse>;

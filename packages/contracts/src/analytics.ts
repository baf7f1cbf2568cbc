import { z } from 'zod';
import { TREND_PAGE_SIZE_MAX, TREND_PAGE_SIZES } from './dashboard-tables.ts';
import { ListSort } from './fields.ts';

/** The scopes of GET /api/hrv_analytics/dashboard_aggregated (SPEC §7 Analytics). */
export const DASHBOARD_TYPES = ['org', 'group', 'user'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

// The six cards live beside the page sizes, where the dashboards' first load reads them.
export { DASHBOARD_METRICS } from './dashboard-tables.ts';

/** GET /api/hrv_analytics/dashboard_aggregated?type=org|group|user[&id]. */
export const DashboardAggregatedQuery = z
  .object({
    type: z.enum(DASHBOARD_TYPES, { error: 'Must be org, group or user' }),
    id: z.uuid('Must be a user id').optional(),
  })
  .superRefine((query, context) => {
    if (query.type === 'user' && !query.id) {
      context.addIssue({ code: 'custom', path: ['id'], message: 'Required when type is user' });
    }
  });
export type DashboardAggregatedQuery = z.infer<typeof DashboardAggregatedQuery>;

/** SPEC §3 "Dashboard metric": one card; `rmssd` is null when nobody in scope has the figure. */
export const DashboardMetric = z.object({
  label: z.string(),
  rmssd: z.number().nullable(),
  unit: z.literal('ms'),
  footer: z.string(),
});
export type DashboardMetric = z.infer<typeof DashboardMetric>;

export const DashboardAggregatedResponse = z.object({ avg: z.array(DashboardMetric) });
export type DashboardAggregatedResponse = z.infer<typeof DashboardAggregatedResponse>;

/** `limit` and `offset` of the server-side paged trend tables. */
const TrendsPageQuery = z.object({
  limit: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(TREND_PAGE_SIZE_MAX, `Must be at most ${TREND_PAGE_SIZE_MAX}`)
    .default(TREND_PAGE_SIZES[0]),
  offset: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .default(0),
});

// The trend tables compute their figures one page at a time, so they sort only by what is known
// before paging: names, and a member's last reading and all-time average (kept per member).

/** The columns the groups trend table sorts by; without one it is by name. */
const ORG_GROUPS_TRENDS_SORTS = ['name'] as const;
export type OrgGroupsTrendsSort = (typeof ORG_GROUPS_TRENDS_SORTS)[number];

/** GET /api/hrv_analytics/org_groups_trends: a page, optionally sorted. */
export const OrgGroupsTrendsQuery = TrendsPageQuery.extend(ListSort(ORG_GROUPS_TRENDS_SORTS));
export type OrgGroupsTrendsQuery = z.input<typeof OrgGroupsTrendsQuery>;

/** The columns the users trend table sorts by; without one it is by last name, first name. */
const GROUP_USERS_TRENDS_SORTS = ['name', 'last_reading_at', 'all_time_avg_rmssd'] as const;
export type GroupUsersTrendsSort = (typeof GROUP_USERS_TRENDS_SORTS)[number];

/** GET /api/hrv_analytics/group_users_trends: a page, optionally sorted. */
export const GroupUsersTrendsQuery = TrendsPageQuery.extend(ListSort(GROUP_USERS_TRENDS_SORTS));
export type GroupUsersTrendsQuery = z.input<typeof GroupUsersTrendsQuery>;

/** The figures every trend row carries (RMSSD in ms; null when not available). */
const TrendFigures = {
  latest_avg_rmssd: z.number().nullable(),
  previous_avg_rmssd: z.number().nullable(),
  yesterday_avg_rmssd: z.number().nullable(),
  last_week_avg_rmssd: z.number().nullable(),
  last_month_avg_rmssd: z.number().nullable(),
  all_time_avg_rmssd: z.number().nullable(),
  /** Latest above the last-week average; null when either is missing (SPEC §3). */
  trending: z.boolean().nullable(),
};

/** SPEC §3 "Group trend row" (org view), plus the previous reading's figure. */
export const GroupTrendRow = z.object({
  group_id: z.string(),
  name: z.string(),
  ...TrendFigures,
});
export type GroupTrendRow = z.infer<typeof GroupTrendRow>;

export const OrgGroupsTrendsResponse = z.object({
  list: z.array(GroupTrendRow),
  noOfRows: z.number().int(),
});
export type OrgGroupsTrendsResponse = z.infer<typeof OrgGroupsTrendsResponse>;

/** SPEC §3 "User trend row" (group view); `last_reading_at` is ISO 8601 or null. */
export const UserTrendRow = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  last_reading_at: z.string().nullable(),
  population_avg_hrv: z.number().nullable(),
  ...TrendFigures,
});
export type UserTrendRow = z.infer<typeof UserTrendRow>;

export const GroupUsersTrendsResponse = z.object({
  list: z.array(UserTrendRow),
  noOfRows: z.number().int(),
});
export type GroupUsersTrendsResponse = z.infer<typeof GroupUsersTrendsResponse>;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardAggregatedQuery,
  DashboardAggregatedResponse,
  GroupUsersTrendsQuery,
  GroupUsersTrendsResponse,
  OrgGroupsTrendsQuery,
  OrgGroupsTrendsResponse,
} from '@resonant/contracts/analytics';
import type { AppDeps } from '../../app-deps.ts';
import {
  dashboardAggregated,
  groupUsersTrends,
  orgGroupsTrends,
  type AnalyticsDeps,
} from './analytics.service.ts';
import { createAnswerCache } from './answer-cache.ts';
import { createPlatformNormsCache } from '../../kernel/platform-norms.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

/** How every figure is defined; part of each route's OpenAPI description. */
const DEFINITIONS =
  'RMSSD in ms from good-quality readings only (readings flagged low quality are left out ' +
  'everywhere). Per member: latest and previous = RMSSD of the two latest readings; yesterday = ' +
  "mean of the readings of the previous calendar day in the organisation's time zone; last week " +
  "(7-Day) = mean of the readings of the 7 calendar days ending today in the organisation's time " +
  'zone (today and the 6 days before); last month (30-Day) = the same over 30 calendar days; all ' +
  'time = mean of all readings. For a group or organisation every figure is the mean of its ' +
  "members' figures, members without that figure left out. Trending = latest > last week, null " +
  'when either is missing. Population norm: the mean 30-day RMSSD of all platform members of the ' +
  'same sex and 10-year age band (25–34, 35–44, …; age in whole years today) when at least 20 ' +
  'share it, otherwise the published norm of Voss et al. 2015 (PLoS One 10:e0118308); other ' +
  'genders take the mean of the male and female norms; a member without a birth date has none.';

const dashboardAggregatedRoute: Route<AnalyticsDeps> = (app, deps) =>
  app.get(
    '/api/hrv_analytics/dashboard_aggregated',
    {
      // The weakest permission of the three types; type=org is checked in the service (403).
      config: { permission: 'group.dashboard.read', context: 'org' },
      schema: {
        tags: ['analytics'],
        summary: 'Dashboard cards: latest, previous, 7-day, 30-day, all-time, population norm',
        description:
          'type=org: the caller’s current organisation (org admins only, else 403). type=group: ' +
          'the caller’s current group (403 when there is none). type=user&id: one member of the ' +
          'current organisation (org admin) or current group (group admin); 404 for anyone ' +
          'else. Six cards in a fixed order: Latest Reading, Previous Reading, 7-Day Average, ' +
          `30-Day Average, All-Time Average, Population Norm. ${DEFINITIONS}`,
        querystring: DashboardAggregatedQuery,
        response: { 200: DashboardAggregatedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ avg: await dashboardAggregated(deps, request.scope, request.query) }),
  );

const orgGroupsTrendsRoute: Route<AnalyticsDeps> = (app, deps) =>
  app.get(
    '/api/hrv_analytics/org_groups_trends',
    {
      config: { permission: 'org.dashboard.read', context: 'org' },
      schema: {
        tags: ['analytics'],
        summary: 'Groups with their HRV trend (org dashboard)',
        description:
          'The current organisation’s groups except Default, by name (sort=name with order=desc ' +
          'reverses it), one page at a time (limit 1–100, default 5; offset); noOfRows counts ' +
          `them all. ${DEFINITIONS}`,
        querystring: OrgGroupsTrendsQuery,
        response: { 200: OrgGroupsTrendsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => orgGroupsTrends(deps, request.scope, request.query),
  );

const groupUsersTrendsRoute: Route<AnalyticsDeps> = (app, deps) =>
  app.get(
    '/api/hrv_analytics/group_users_trends',
    {
      config: { permission: 'group.dashboard.read', context: 'group' },
      schema: {
        tags: ['analytics'],
        summary: 'Members with their HRV trend (group dashboard)',
        description:
          'The current group’s members by last name, then first name, or by sort=name, ' +
          'last_reading_at or all_time_avg_rmssd and order=asc|desc (members without that value ' +
          'last either way), one page at a time (limit 1–100, default 5; offset); noOfRows ' +
          'counts them all. last_reading_at is the time of the member’s latest reading of any ' +
          'quality; population_avg_hrv is the member’s population norm. 403 when the caller has ' +
          `no current group. ${DEFINITIONS}`,
        querystring: GroupUsersTrendsQuery,
        response: { 200: GroupUsersTrendsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => groupUsersTrends(deps, request.scope, request.query),
  );

/** The dashboards' averages and trend tables (SPEC §7 Analytics, DESIGN §5). */
export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  const deps: AnalyticsDeps = {
    db,
    clock,
    norms: createPlatformNormsCache(db, clock),
    answers: createAnswerCache(clock),
  };

  registerRoutes(app, deps, [
    dashboardAggregatedRoute,
    orgGroupsTrendsRoute,
    groupUsersTrendsRoute,
  ]);
};

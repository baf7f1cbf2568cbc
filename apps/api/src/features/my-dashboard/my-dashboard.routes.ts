import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import type { AppDeps } from '../../app-deps.ts';
import { createPlatformNormsCache } from '../../kernel/platform-norms.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { myDashboard, type MyDashboardDeps } from './my-dashboard.service.ts';

const dashboardRoute: Route<MyDashboardDeps> = (app, deps) =>
  app.get(
    '/api/v1/dashboard',
    {
      // A person's own data: theirs in an organisation or alone, so no context.
      config: { permission: 'own-data.manage', tokenScope: 'readings:read' },
      schema: {
        tags: ['my-dashboard'],
        summary: 'The signed-in person’s own HRV dashboard',
        description:
          'Only the caller’s own readings, in every organisation they recorded in (and after ' +
          'leaving one). RMSSD in ms from good-quality readings. latest_morning: the latest good ' +
          'morning reading and where it stands against the normal range of its day. A day’s ' +
          'morning value is the geometric mean of its good morning readings (the mean of their ' +
          'ln RMSSD, Plews et al. 2012); baseline: the 7-day rolling mean of the daily ln RMSSD ' +
          'converted back to ms, shown with at least 3 days of the 7, with its coefficient of ' +
          'variation (%, Plews et al. 2013); normal range: the 60-day mean ± 0.5 SD of the daily ' +
          'ln RMSSD, shown with at least 14 days of the 60. Days are calendar days of each ' +
          'reading’s organisation; today is that of the organisation of the latest reading (UTC ' +
          'without one). metrics: Latest, Previous (any kind), 7-Day, 30-Day, All-Time Average ' +
          'and the population norm, as on the organisation dashboards. series: the last 90 days, ' +
          'nulls where there is no value. consistency: days with a good morning reading in the ' +
          'last 7 against the 3 a baseline needs.',
        response: { 200: MyDashboardResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => myDashboard(deps, request.scope),
  );

/** The person's own dashboard at /api/v1 (issue 28). */
export const myDashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  const deps: MyDashboardDeps = { db, clock, norms: createPlatformNormsCache(db, clock) };
  registerRoutes(app, deps, [dashboardRoute]);
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TopOrgsBody, TopOrgsResponse } from '@resonant/contracts/top-organizations';
import type { AppDeps } from '../../app-deps.ts';
import { topOrganizations } from './top-organizations.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const topOrganizationsRoute: Route<AppDeps> = (app, deps) =>
  app.post(
    '/api/analytics/top_orgs_by_users',
    {
      config: { permission: 'admin.analytics.read' },
      schema: {
        tags: ['analytics'],
        summary: 'Top organizations: members, active members, readings and sessions (app admin)',
        description:
          'Every organization with its figures over the range, one page (`page` from 1, `limit` ' +
          '1–100), sorted by `sort_field` and `sort_order` (default active users, descending), ' +
          'ties by name then id; `totalRows` counts every organization. Days are each ' +
          "organization's calendar days in its time zone: 'N days' is today and the N-1 days " +
          'before it. total_users: current members. total_users_active: members who recorded a ' +
          'reading or session in the range — for ranges ending today (All Time, N days, Today) ' +
          'the members whose latest recording is on or after the first day of the range; for ' +
          'Yesterday the members who recorded that day. Readings (morning, anytime) and ' +
          'sessions (exercise = biofeedback, mindfulness, plan = self-compassion) recorded on ' +
          'the days of the range. Served from daily rollups kept by every ingest.',
        body: TopOrgsBody,
        response: { 200: TopOrgsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => topOrganizations(deps, request.scope, request.body),
  );

/** The app admin's dashboard: top organisations (SPEC §2 /admin, §7 Analytics). */
export const topOrganizationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [topOrganizationsRoute]);
};

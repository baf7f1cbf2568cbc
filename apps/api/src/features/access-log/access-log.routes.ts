import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessLogQuery, AccessLogResponse } from '@resonant/contracts/access-log';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { listAccessLog } from './access-log.service.ts';

const listRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/access-log',
    {
      // A session only (no tokenScope): who looked is the person's to see, not an integration's.
      config: { permission: 'own-data.manage' },
      schema: {
        tags: ['access log'],
        summary: 'Who read or exported your data',
        description:
          'The reads and downloads of your readings and sessions by the admins of your organisations, newest first. Page with `cursor` (the `nextCursor` of the page before).',
        querystring: AccessLogQuery,
        response: { 200: AccessLogResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAccessLog(deps, request.scope, request.query),
  );

/** The member's access log. */
export const accessLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listRoute]);
};

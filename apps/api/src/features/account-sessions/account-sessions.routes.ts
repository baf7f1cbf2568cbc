import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSessionParams,
  AccountSessionsResponse,
} from '@resonant/contracts/account-sessions';
import type { AppDeps } from '../../app-deps.ts';
import { clearRefreshCookie } from '../../kernel/session-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import {
  listAccountSessions,
  revokeAccountSession,
  revokeAllAccountSessions,
} from './account-sessions.service.ts';

const tags = ['account sessions'];
const own = { permission: 'authenticated' } as const;

const listRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/user/sessions',
    {
      config: own,
      schema: {
        tags,
        summary: 'Your signed-in devices',
        response: { 200: AccountSessionsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listAccountSessions(deps, request.scope),
  );

const revokeOneRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/user/sessions/:sessionId',
    {
      config: own,
      schema: {
        tags,
        summary: 'Sign one of your devices out',
        description: '404 for an id that is not one of your live sessions.',
        params: AccountSessionParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeAccountSession(deps, request.scope, request.params.sessionId);
      if (request.params.sessionId === request.scope.sessionId)
        clearRefreshCookie(reply, deps.config.PUBLIC_URL);
      return reply.status(204).send(null);
    },
  );

const revokeAllRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/user/sessions',
    {
      config: own,
      schema: {
        tags,
        summary: 'Sign out everywhere',
        description: 'Every session of your account ends, this one included.',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await revokeAllAccountSessions(deps, request.scope);
      clearRefreshCookie(reply, deps.config.PUBLIC_URL);
      return reply.status(204).send(null);
    },
  );

/** The caller's sessions: list them, sign one out, or all of them. */
export const accountSessionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listRoute, revokeOneRoute, revokeAllRoute]);
};

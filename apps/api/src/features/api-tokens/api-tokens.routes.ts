import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_ACCOUNT,
  ApiTokenParams,
  ApiTokensResponse,
  CreateApiTokenBody,
  CreatedApiTokenResponse,
} from '@resonant/contracts/api-tokens';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { createApiToken, listOwnApiTokens, revokeApiToken } from './api-tokens.service.ts';

const tags = ['api tokens'];
// A person's own, in an organisation or alone; no tokenScope: a token never manages tokens.
const own = { permission: 'own-data.manage' } as const;
const SESSION_ONLY = 'Signed-in sessions only: a personal API token gets 401 here.';

const listRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/tokens',
    {
      config: own,
      schema: {
        tags,
        summary: 'Your personal API tokens',
        description:
          'Name, scopes, when made, when it expires and when last used (to the minute), oldest ' +
          `first, expired ones included; never the secret. ${SESSION_ONLY}`,
        response: { 200: ApiTokensResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listOwnApiTokens(deps, request.scope),
  );

const createRoute: Route<AppDeps> = (app, deps) =>
  app.post(
    '/api/v1/tokens',
    {
      config: own,
      schema: {
        tags,
        summary: 'Make a personal API token',
        description:
          'For an integration (a script syncing a strap, a spreadsheet): answers 201 with the ' +
          `secret (\`${API_TOKEN_PREFIX}\` and 43 characters), shown this once; only its ` +
          'SHA-256 is kept. Send it as `Authorization: Bearer <secret>` to the /api/v1 routes ' +
          'whose scope it has: `readings:write` uploads, `readings:read` reads. Expiry: ' +
          `\`expiresInDays\` (30, 90 or 365) or \`expiresOn\` (a day up to ${API_TOKEN_MAX_DAYS} ` +
          `days ahead, valid to its end, UTC). 409 when you keep ${API_TOKENS_PER_ACCOUNT} ` +
          `tokens already. ${SESSION_ONLY}`,
        body: CreateApiTokenBody,
        response: { 201: CreatedApiTokenResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiToken(deps, request.scope, request.body)),
  );

const revokeRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/v1/tokens/:tokenId',
    {
      config: own,
      schema: {
        tags,
        summary: 'Revoke a personal API token',
        description: `The token stops working at once. 404 for an id that is not one of your tokens. ${SESSION_ONLY}`,
        params: ApiTokenParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeApiToken(deps, request.scope, request.params.tokenId);
      return reply.status(204).send(null);
    },
  );

/** The caller's personal API tokens: list, make (the secret shown once), revoke. */
export const apiTokensRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listRoute, createRoute, revokeRoute]);
};

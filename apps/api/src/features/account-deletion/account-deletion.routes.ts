import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteAccountBody } from '@resonant/contracts/account-deletion';
import { MessageResponse } from '@resonant/contracts/errors';
import type { AppDeps } from '../../app-deps.ts';
import { clearRefreshCookie } from '../../kernel/session-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { deleteAccount } from './account-deletion.service.ts';

// POST with a body rather than DELETE: the password and the confirmation travel in it, and a body
// on DELETE is dropped by some clients and proxies.
const deleteRoute: Route<AppDeps> = (app, deps) =>
  app.post(
    '/api/v1/account/delete',
    {
      // A session only (no tokenScope); each request is a password guess, so it is rate limited.
      config: { permission: 'own-data.manage', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags: ['account deletion'],
        summary: 'Delete your account and all its data',
        description:
          'Needs the current password (or, for an account without one, a sign-in in the last few minutes) and the typed confirmation. Every recording, rollup, membership, identity, session and token of the account goes in one transaction; the audit log keeps a pseudonym. 409 for the last admin of an organisation.',
        body: DeleteAccountBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await deleteAccount(deps, request.scope, request.body);
      clearRefreshCookie(reply, deps.config.PUBLIC_URL);
      return answer;
    },
  );

/** Deleting one's own account. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [deleteRoute]);
};

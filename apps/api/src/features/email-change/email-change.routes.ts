import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfirmEmailChangeBody,
  EmailChangeResponse,
  RequestEmailChangeBody,
} from '@resonant/contracts/email-change';
import { clientInfo } from '../../kernel/client-info.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import {
  confirmEmailChange,
  requestEmailChange,
  type EmailChangeDeps,
} from './email-change.service.ts';

const tags = ['profile'];

const requestRoute: Route<EmailChangeDeps> = (app, deps) =>
  app.post(
    '/api/user/email',
    {
      config: { permission: 'own-data.manage', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Change your email: a link to the new address',
        description:
          'Checks the current password (when the account has one), then mails a single-use ' +
          'link to the new address and a notice to the old one. The address changes only when ' +
          'the link is followed (POST /api/auth/email-change/confirm). 409 when another account ' +
          'has proven the address.',
        body: RequestEmailChangeBody,
        response: { 202: EmailChangeResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestEmailChange(deps, request.scope, request.body)),
  );

const confirmRoute: Route<EmailChangeDeps> = (app, deps) =>
  app.post(
    '/api/auth/email-change/confirm',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Follow an email change link',
        description:
          'Spends the link once and moves its account to the new, now proven, address; its ' +
          'sessions stay. 410 for a used, replaced, expired or unknown link; 409 when another ' +
          'account proved the address meanwhile.',
        body: ConfirmEmailChangeBody,
        response: { 200: EmailChangeResponse, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => confirmEmailChange(deps, request.body.token, clientInfo(request)),
  );

/** A person's email change, proven by a link to the new address. */
export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeDeps> = async (app, deps) => {
  registerRoutes(app, deps, [requestRoute, confirmRoute]);
};

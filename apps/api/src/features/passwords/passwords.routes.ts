import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@resonant/contracts/errors';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  RESET_REQUESTED_MESSAGE,
  ResetPasswordBody,
} from '@resonant/contracts/passwords';
import { errorResponses } from '../../lib/error-responses.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  type PasswordsDeps,
} from './passwords.service.ts';

const tags = ['passwords'];

const changePasswordRoute: Route<PasswordsDeps> = (app, deps) =>
  app.put(
    '/api/user/password',
    {
      // Open to a temporary password: replacing it is what such a session is for.
      config: {
        permission: 'authenticated',
        openWithTemporaryPassword: true,
        rateLimit: perClientAuthLimit(deps.config),
      },
      schema: {
        tags,
        summary: 'Change your password',
        description:
          'Needs the current password. Every other session of the account ends; this one stays.',
        body: ChangePasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => changePassword(deps, request.scope, request.body),
  );

const forgotPasswordRoute: Route<PasswordsDeps> = (app, deps) =>
  app.post(
    '/api/auth/forgot-password',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description:
          'The same 202 whether or not the address has an account, answered before any lookup.',
        body: ForgotPasswordBody,
        response: { 202: MessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // Not awaited: the answer and its time are the same for every address.
      requestPasswordReset(deps, request.body.email, request.ip).catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset request failed'),
      );
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

const resetPasswordRoute: Route<PasswordsDeps> = (app, deps) =>
  app.post(
    '/api/auth/reset-password',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        description:
          'The link works once and expires; every session of the account ends. 404 for a used, ' +
          'replaced, expired or unknown link.',
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => resetPassword(deps, request.body, request.ip),
  );

/** Changing a password, and resetting a forgotten one by a mailed link. */
export const passwordsRoutes: FastifyPluginAsyncZod<PasswordsDeps> = async (app, deps) => {
  registerRoutes(app, deps, [changePasswordRoute, forgotPasswordRoute, resetPasswordRoute]);
};

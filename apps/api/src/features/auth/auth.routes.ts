import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse, SignInBody, SignInResponse } from '@resonant/contracts/auth';
import { z } from 'zod';
import { refreshSession } from '../../kernel/sessions.ts';
import { signIn, signOut, type AuthDeps } from './auth.service.ts';
import { clientInfo } from '../../kernel/client-info.ts';
import { clearRefreshCookie, readRefreshCookie, sendSession } from '../../kernel/session-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendSignIn } from '../../kernel/second-factor-reply.ts';

/** Sign-in, refresh and sign-out (sign-up is email-verification's): the identity provider is ours. */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const publicUrl = deps.config.PUBLIC_URL;

  app.post(
    '/api/auth/sign-in',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        body: SignInBody,
        response: { 200: SignInResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      sendSignIn(reply, await signIn(deps, request.body, clientInfo(request)), 200, publicUrl),
  );

  // No session to restore is the ordinary state of a signed-out visitor, not an error: 204, and
  // whatever cookie came along is cleared. A spent refresh token ends its session (a replay).
  app.post(
    '/api/auth/refresh',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], response: { 200: AuthResponse, 204: z.null() } },
    },
    async (request, reply) => {
      const session = await refreshSession(
        deps,
        readRefreshCookie(request, publicUrl),
        clientInfo(request),
      );
      if (session && session !== 'lost-race') return sendSession(reply, session, 200, publicUrl);
      // A tab that lost a refresh race leaves the cookie the winner just set.
      if (!session) clearRefreshCookie(reply, publicUrl);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { permission: 'authenticated', openWithTemporaryPassword: true },
      schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses(401) } },
    },
    async (request, reply) => {
      await signOut(deps, request.session, clientInfo(request));
      clearRefreshCookie(reply, publicUrl);
      return reply.status(204).send(null);
    },
  );
};

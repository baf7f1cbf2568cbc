import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse, SignInBody, SignUpBody } from '@resonant/contracts/auth';
import { z } from 'zod';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { refreshSession } from '../../kernel/sessions.ts';
import { signIn, signOut, signUp, type AuthDeps } from './auth.service.ts';
import { clientInfo } from '../../kernel/client-info.ts';
import { clearRefreshCookie, readRefreshCookie, sendSession } from '../../kernel/session-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** Sign-up, sign-in, refresh and sign-out: the identity provider is ours. */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const publicUrl = deps.config.PUBLIC_URL;

  app.post(
    '/api/auth/sign-up',
    {
      config: {
        permission: 'public',
        rateLimit: perClientAuthLimit(deps.config),
      },
      schema: {
        tags: ['auth'],
        body: SignUpBody,
        response: { 201: AuthResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      sendSession(reply, await signUp(deps, request.body, clientInfo(request)), 201, publicUrl),
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        body: SignInBody,
        response: { 200: AuthResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      sendSession(reply, await signIn(deps, request.body, clientInfo(request)), 200, publicUrl),
  );

  // No session to restore is the ordinary state of a signed-out visitor, not an error: 204, and
  // whatever cookie came along is cleared.
  app.post(
    '/api/auth/refresh',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], response: { 200: AuthResponse, 204: z.null() } },
    },
    async (request, reply) => {
      const session = await refreshSession(deps, readRefreshCookie(request, publicUrl));
      if (session) return sendSession(reply, session, 200, publicUrl);
      clearRefreshCookie(reply, publicUrl);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses(401) } },
    },
    async (request, reply) => {
      await signOut(deps, request.session, clientInfo(request));
      clearRefreshCookie(reply, publicUrl);
      return reply.status(204).send(null);
    },
  );
};

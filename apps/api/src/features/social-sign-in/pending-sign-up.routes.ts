import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse, SignInResponse } from '@resonant/contracts/auth';
import { UpdateProfileBody } from '@resonant/contracts/profile';
import { LinkWithPasswordBody, PendingSocialSignUp } from '@resonant/contracts/social-sign-in';
import { clientInfo } from '../../kernel/client-info.ts';
import { sendSignIn } from '../../kernel/second-factor-reply.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { completeSocialSignUp, linkWithPassword, readPending } from './pending-sign-up.service.ts';
import { clearPendingCookie, pendingTokenOf } from './social-cookies.ts';
import type { SocialDeps } from './social-sign-in.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * The pending sign-up of an unknown identity, named by its httpOnly cookie: read to prefill
 * 'Almost there!', linked to an existing account by its password, or made into an account by
 * POST /api/user/profile (SPEC §7: the social sign-up is the profile form's POST).
 */
export const pendingSignUpRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  const publicUrl = deps.config.PUBLIC_URL;

  app.get(
    '/api/auth/social/pending',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], response: { 200: PendingSocialSignUp, ...errorResponses(401) } },
    },
    async (request) => readPending(deps, pendingTokenOf(request, publicUrl)),
  );

  app.post(
    '/api/auth/social/link',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        body: LinkWithPasswordBody,
        response: { 200: SignInResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const outcome = await linkWithPassword(
        deps,
        pendingTokenOf(request, publicUrl),
        request.body.password,
        clientInfo(request),
      );
      clearPendingCookie(reply, publicUrl);
      return sendSignIn(reply, outcome, 200, publicUrl);
    },
  );

  // Public: the pending sign-up's cookie names the identity; counted per client like the
  // password sign-up.
  app.post(
    '/api/user/profile',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags: ['profile'],
        body: UpdateProfileBody,
        response: {
          // 200: another browser made this identity's account first; this one signs in to it
          // (or is asked its second factor).
          200: SignInResponse,
          201: AuthResponse,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { outcome, created } = await completeSocialSignUp(
        deps,
        pendingTokenOf(request, publicUrl),
        request.body,
        clientInfo(request),
      );
      clearPendingCookie(reply, publicUrl);
      return sendSignIn(reply, outcome, created ? 201 : 200, publicUrl);
    },
  );
};

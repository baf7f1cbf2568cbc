import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse } from '@resonant/contracts/auth';
import { UpdateProfileBody, UserProfile } from '@resonant/contracts/profile';
import { clientInfo } from '../../kernel/client-info.ts';
import { loadUserProfile } from '../../kernel/current-user.ts';
import { clearPendingCookie, PENDING_COOKIE } from '../social-sign-in/social-cookies.ts';
import { completeSocialSignUp } from '../social-sign-in/pending-sign-up.service.ts';
import type { SocialDeps } from '../social-sign-in/social-sign-in.service.ts';
import { sendSession } from '../../kernel/session-cookie.ts';
import { perClientLimit } from '../../lib/rate-limit.ts';
import { updateOwnProfile } from './profile.queries.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * /api/user/profile (SPEC §7): GET and PUT the signed-in user's own profile; POST is the social
 * sign-up ('Almost there!'), which makes the account of the pending identity.
 */
export const profileRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  const { db, clock } = deps;

  app.get(
    '/api/user/profile',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['profile'], response: { 200: UserProfile, ...errorResponses(401) } },
    },
    async (request) => loadUserProfile(db, request.scope.accountId, request.scope),
  );

  app.put(
    '/api/user/profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        body: UpdateProfileBody,
        response: { 200: UserProfile, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await updateOwnProfile(db, request.scope, request.body, clock());
      return loadUserProfile(db, request.scope.accountId, request.scope);
    },
  );

  // Public: the pending sign-up's httpOnly cookie names the identity; counted per client like
  // the password sign-up.
  app.post(
    '/api/user/profile',
    {
      config: {
        permission: 'public',
        rateLimit: perClientLimit(
          deps.config.AUTH_RATE_LIMIT_PER_IP,
          deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        ),
      },
      schema: {
        tags: ['profile'],
        body: UpdateProfileBody,
        response: {
          // 200: another browser made this identity's account first; this one signs in to it.
          200: AuthResponse,
          201: AuthResponse,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { session, created } = await completeSocialSignUp(
        deps,
        request.cookies[PENDING_COOKIE],
        request.body,
        clientInfo(request),
      );
      clearPendingCookie(reply);
      return sendSession(reply, session, created ? 201 : 200, deps.config.PUBLIC_URL);
    },
  );
};

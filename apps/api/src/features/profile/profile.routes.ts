import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateProfileBody, UserProfile } from '@resonant/contracts/profile';
import { loadUserProfile } from '../../kernel/current-user.queries.ts';
import type { AppDeps } from '../../app-deps.ts';
import { updateOwnProfile } from './profile.queries.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * /api/user/profile (SPEC §7): GET and PUT the signed-in user's own profile. Its POST, the social
 * sign-up ('Almost there!'), belongs to social sign-in (pending-sign-up.routes.ts).
 */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.get(
    '/api/user/profile',
    {
      config: { permission: 'authenticated', openWithTemporaryPassword: true },
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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@resonant/contracts/errors';
import { UpdateProfileBody, UserProfile } from '@resonant/contracts/profile';
import type { AppDeps } from '../../app-deps.ts';
import { loadUserProfile } from '../../auth/current-user.ts';
import { updateOwnProfile } from './profile.queries.ts';

/** GET and POST /api/user/profile (SPEC §7): the signed-in user's own profile. */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.get(
    '/api/user/profile',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['profile'], response: { 200: UserProfile, 401: ErrorResponse } },
    },
    async (request) => loadUserProfile(db, request.scope.accountId, request.scope),
  );

  app.post(
    '/api/user/profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        body: UpdateProfileBody,
        response: { 200: UserProfile, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await updateOwnProfile(db, request.scope, request.body, clock());
      return loadUserProfile(db, request.scope.accountId, request.scope);
    },
  );
};

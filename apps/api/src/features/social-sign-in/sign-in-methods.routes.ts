import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdentityParams,
  LinkProviderBody,
  SignInMethodsResponse,
  SocialStartResponse,
} from '@resonant/contracts/social-sign-in';
import { setBindingCookie } from './social-cookies.ts';
import { listSignInMethods, startLink, unlinkIdentity } from './sign-in-methods.service.ts';
import type { SocialDeps } from './social-sign-in.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * The signed-in person's ways to sign in (the profile popover's options): list them, link a
 * provider through a round trip, and remove one that is not the last.
 */
export const signInMethodsRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  app.get(
    '/api/user/sign-in-methods',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        response: { 200: SignInMethodsResponse, ...errorResponses(401) },
      },
    },
    async (request) => listSignInMethods(deps, request.scope),
  );

  app.post(
    '/api/user/sign-in-methods/link',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        body: LinkProviderBody,
        response: { 200: SocialStartResponse, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { url, binding } = await startLink(deps, request.scope, request.body);
      setBindingCookie(reply, binding, deps.config.PUBLIC_URL);
      return { url };
    },
  );

  app.delete(
    '/api/user/sign-in-methods/:identityId',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        params: IdentityParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await unlinkIdentity(deps, request.scope, request.params.identityId);
      return reply.status(204).send(null);
    },
  );
};

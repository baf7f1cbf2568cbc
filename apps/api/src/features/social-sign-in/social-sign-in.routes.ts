import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SocialProviderParams,
  SocialProvidersResponse,
  SocialStartBody,
  SocialStartResponse,
} from '@resonant/contracts/social-sign-in';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { oidcCallbackRoutes } from './oidc-callback.routes.ts';
import { pendingSignUpRoutes } from './pending-sign-up.routes.ts';
import { setBindingCookie } from './social-cookies.ts';
import { startRoundTrip, type SocialDeps } from './social-sign-in.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * OpenID Connect sign-in (DESIGN §1): the providers' buttons and the round trip's start here, its
 * callback (oidc-callback.routes.ts), and the pending sign-up of an unknown identity ('Almost
 * there!', pending-sign-up.routes.ts) with its link to an existing account by password.
 */
export const socialSignInRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  app.get(
    '/api/auth/oidc/providers',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], response: { 200: SocialProvidersResponse } },
    },
    async () => ({ providers: deps.oidc.providers }),
  );

  app.post(
    '/api/auth/oidc/:provider/start',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags: ['auth'],
        params: SocialProviderParams,
        body: SocialStartBody,
        response: { 200: SocialStartResponse, ...errorResponses(400, 404, 429, 502) },
      },
    },
    async (request, reply) => {
      const { url, binding } = await startRoundTrip(deps, request.params.provider, {
        purpose: 'sign-in',
        redirectTo: request.body.redirectTo ?? null,
      });
      setBindingCookie(reply, binding, deps.config.PUBLIC_URL);
      return { url };
    },
  );

  await app.register(oidcCallbackRoutes, deps);
  await app.register(pendingSignUpRoutes, deps);
};

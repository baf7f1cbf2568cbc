import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthResponse } from '@resonant/contracts/auth';
import {
  LinkWithPasswordBody,
  PendingSocialSignUp,
  SocialProviderParams,
  SocialProvidersResponse,
  SocialStartBody,
  SocialStartResponse,
} from '@resonant/contracts/social-sign-in';
import { perClientLimit } from '../../lib/rate-limit.ts';
import { clientInfo } from '../../kernel/client-info.ts';
import { sendSession, setRefreshCookie } from '../../kernel/session-cookie.ts';
import {
  BINDING_COOKIE,
  bindingOf,
  clearPendingCookie,
  PENDING_COOKIE,
  setBindingCookie,
  setPendingCookie,
} from './social-cookies.ts';
import { linkWithPassword, readPending } from './pending-sign-up.service.ts';
import {
  finishRoundTrip,
  keepPostedUser,
  startRoundTrip,
  type CallbackOutcome,
  type SocialDeps,
} from './social-sign-in.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** A provider's answer is read as it comes: a value that is not a plain string is ignored. */
const answered = z.string().max(4096).optional().catch(undefined);

/** The authorization response on the callback URL. */
const CallbackQuery = z.object({
  code: answered,
  state: answered,
  iss: answered,
  error: answered,
});

/** Apple's form post: the callback's parameters, and the person's name the first time. */
const FormPostBody = z
  .object({ code: answered, state: answered, iss: answered, error: answered, user: answered })
  .catch({});

/** Any provider id reaches the handler, which redirects an unknown one like any refusal. */
const CallbackPath = z.object({ provider: z.string() });

/** A callback always redirects, never answers JSON. */
const REDIRECT = { 303: z.null().describe('Redirect to the landing page') };

/** The form post is small: the code, the state and a name. */
const FORM_POST_BODY_LIMIT = 64 * 1024;

/**
 * OpenID Connect sign-in (DESIGN §1): the providers' buttons, the round trip's start and
 * callback, and the pending sign-up of an unknown identity ('Almost there!') with its link to an
 * existing account by password.
 */
export const socialSignInRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  const publicUrl = deps.config.PUBLIC_URL;
  const perClient = perClientLimit(
    deps.config.AUTH_RATE_LIMIT_PER_IP,
    deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  );

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
      config: { permission: 'public', rateLimit: perClient },
      schema: {
        tags: ['auth'],
        params: SocialProviderParams,
        body: SocialStartBody,
        response: { 200: SocialStartResponse, ...errorResponses(400, 404, 429, 502) },
      },
    },
    async (request, reply) => {
      const binding = bindingOf(request);
      const url = await startRoundTrip(
        deps,
        request.params.provider,
        { purpose: 'sign-in', redirectTo: request.body.redirectTo ?? null },
        binding,
      );
      setBindingCookie(reply, binding, publicUrl);
      return { url };
    },
  );

  /** The auth screen with 'failed', naming the provider when it is one of ours. */
  const failedLanding = (provider: string) =>
    deps.oidc.find(provider)
      ? `/login?social_error=failed&provider=${encodeURIComponent(provider)}`
      : '/login?social_error=failed';

  /** Where the browser goes after a callback; a refusal is logged with its reason. */
  function land(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    outcome: CallbackOutcome,
  ) {
    if (outcome.kind === 'refused') {
      request.log.warn(
        { provider, reason: outcome.reason, err: outcome.cause },
        'social sign-in refused',
      );
    }
    if (outcome.kind === 'signed-in') setRefreshCookie(reply, outcome.session, publicUrl);
    if (outcome.kind === 'pending') setPendingCookie(reply, outcome.token, publicUrl);
    return reply.redirect(outcome.location, 303);
  }

  // The callbacks are pages the browser navigated to: whatever goes wrong, even before the
  // handler (a body too large or of another type, too many requests), lands on the auth screen
  // with a toast, never on a JSON error.
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const { provider = '' } = request.params as { provider?: string };
      const fault = ((error as { statusCode?: number }).statusCode ?? 500) >= 500;
      request.log[fault ? 'error' : 'warn']({ err: error, provider }, 'social sign-in failed');
      return reply.redirect(failedLanding(provider), 303);
    });
    // Generous, as sign-in's: a browser makes one callback per round trip.
    const callback = { permission: 'public' as const, rateLimit: perClient };

    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/auth/oidc/:provider/callback',
      {
        config: callback,
        schema: {
          tags: ['auth'],
          params: CallbackPath,
          querystring: CallbackQuery,
          response: REDIRECT,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const outcome = await finishRoundTrip(
          deps,
          provider,
          request.query,
          request.cookies[BINDING_COOKIE],
          clientInfo(request),
        );
        return land(request, reply, provider, outcome);
      },
    );

    // Apple-type providers post the answer (response_mode=form_post) from their own site, so the
    // SameSite=Lax binding cookie does not come along: the name it posts is kept on the attempt,
    // and a 303 turns the post into the top-level GET that carries the cookie.
    await scope.register(formbody, { bodyLimit: FORM_POST_BODY_LIMIT });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/oidc/:provider/callback',
      {
        config: callback,
        bodyLimit: FORM_POST_BODY_LIMIT,
        schema: {
          tags: ['auth'],
          consumes: ['application/x-www-form-urlencoded'],
          params: CallbackPath,
          body: FormPostBody,
          response: REDIRECT,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const client = deps.oidc.find(provider);
        if (!client) {
          request.log.warn({ provider, reason: 'unknown provider' }, 'social sign-in refused');
          return reply.redirect(failedLanding(provider), 303);
        }
        const { user, ...answer } = request.body;
        // The name is a nicety: the round trip goes on without it.
        if (answer.state) {
          await keepPostedUser(deps, answer.state, user).catch((error: unknown) => {
            request.log.error({ err: error, provider }, 'posted name not kept');
          });
        }
        const query = new URLSearchParams(
          Object.entries(answer).filter((entry): entry is [string, string] => Boolean(entry[1])),
        );
        return reply.redirect(`${client.callbackUrl}?${query}`, 303);
      },
    );
  });

  app.get(
    '/api/auth/social/pending',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], response: { 200: PendingSocialSignUp, ...errorResponses(401) } },
    },
    async (request) => readPending(deps, request.cookies[PENDING_COOKIE]),
  );

  app.post(
    '/api/auth/social/link',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        body: LinkWithPasswordBody,
        response: { 200: AuthResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await linkWithPassword(
        deps,
        request.cookies[PENDING_COOKIE],
        request.body.password,
        clientInfo(request),
      );
      clearPendingCookie(reply);
      return sendSession(reply, session, 200, publicUrl);
    },
  );
};

import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientInfo } from '../../kernel/client-info.ts';
import { setRefreshCookie } from '../../kernel/session-cookie.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { bindingOf, clearBindingCookie, setPendingCookie } from './social-cookies.ts';
import {
  finishRoundTrip,
  keepPostedUser,
  type CallbackOutcome,
  type SocialDeps,
} from './social-sign-in.service.ts';

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

/** The auth screen with 'failed', naming the provider when it is one of ours. */
function failedLanding(deps: SocialDeps, provider: string) {
  return deps.oidc.find(provider)
    ? `/login?social_error=failed&provider=${encodeURIComponent(provider)}`
    : '/login?social_error=failed';
}

/** Where the browser goes after a callback; a refusal is logged with its reason. */
function land(
  deps: SocialDeps,
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
  const publicUrl = deps.config.PUBLIC_URL;
  if (outcome.kind === 'signed-in') setRefreshCookie(reply, outcome.session, publicUrl);
  if (outcome.kind === 'pending') setPendingCookie(reply, outcome.token, publicUrl);
  return reply.redirect(outcome.location, 303);
}

/**
 * The providers' callbacks. They are pages the browser navigated to: whatever goes wrong, even
 * before the handler (a body too large or of another type, too many requests), lands on the auth
 * screen with a toast, never on a JSON error.
 */
export const oidcCallbackRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  app.setErrorHandler((error, request, reply) => {
    const { provider = '' } = request.params as { provider?: string };
    const fault = ((error as { statusCode?: number }).statusCode ?? 500) >= 500;
    request.log[fault ? 'error' : 'warn']({ err: error, provider }, 'social sign-in failed');
    return reply.redirect(failedLanding(deps, provider), 303);
  });
  // Generous, as sign-in's: a browser makes one callback per round trip.
  const callback = { permission: 'public' as const, rateLimit: perClientAuthLimit(deps.config) };

  app.get(
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
      const { state } = request.query;
      const publicUrl = deps.config.PUBLIC_URL;
      const binding = bindingOf(request, state, publicUrl);
      const outcome = await finishRoundTrip(
        deps,
        provider,
        request.query,
        binding,
        clientInfo(request),
      );
      // The attempt is spent or was never this browser's: its binding has served.
      if (state && binding) clearBindingCookie(reply, state, publicUrl);
      return land(deps, request, reply, provider, outcome);
    },
  );

  // Apple-type providers post the answer (response_mode=form_post) from their own site, so the
  // SameSite=Lax binding cookie does not come along: the name it posts is kept on the attempt,
  // and a 303 turns the post into the top-level GET that carries the cookie.
  await app.register(formbody, { bodyLimit: FORM_POST_BODY_LIMIT });
  app.post(
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
        return reply.redirect(failedLanding(deps, provider), 303);
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
};

import {
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type IDToken,
} from 'openid-client';
import { postLoginPath } from '@resonant/contracts/roles';
import {
  PROVIDER_NOT_FOUND_MESSAGE,
  socialErrorMessage,
  type SocialErrorCode,
} from '@resonant/contracts/social-sign-in';
import { generateToken, hashToken, sameSecret } from '../../lib/crypto.ts';
import { badGateway, notFound, type HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findAccountByEmail } from '../../kernel/accounts.queries.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { openSessionOrChallenge } from '../../kernel/second-factor.ts';
import type { IssuedSession } from '../../kernel/sessions.ts';
import { linkIdentity } from './link-identity.ts';
import type { OidcClient, OidcClients } from './oidc-clients.ts';
import { emailOf, emailVerified, parsePostedUser, pendingClaimsOf } from './social-claims.ts';
import { ATTEMPT_TTL_MS, PENDING_TTL_MS, type Binding } from './social-cookies.ts';
import {
  findAttempt,
  findIdentity,
  insertAttempt,
  insertPending,
  storePostedUser,
  takeAttempt,
  type Attempt,
} from './social-sign-in.queries.ts';

/**
 * Checks an account's password under the sign-in limits and answers its id (401 or 429
 * otherwise): the password sign-in's own check, handed over by app.ts so that a password sent
 * to link an identity counts against the same limits.
 */
type PasswordCheck = (email: string, password: string, ip: string) => Promise<string>;

export type SocialDeps = AppDeps & { oidc: OidcClients; checkPassword: PasswordCheck };

/** What a round trip is for: signing in (or up), or adding a provider to a signed-in account. */
export type RoundTrip =
  | { purpose: 'sign-in'; redirectTo: string | null }
  | { purpose: 'link'; accountId: string; returnTo: string };

/** The provider of an id, or 404 PROVIDER_NOT_FOUND_MESSAGE. */
export function providerOf(deps: SocialDeps, providerId: string): OidcClient {
  const client = deps.oidc.find(providerId);
  if (!client) throw notFound(PROVIDER_NOT_FOUND_MESSAGE);
  return client;
}

/** 502 with the provider's 'unavailable' message; the cause goes to the log. */
function unavailable(client: OidcClient, cause: unknown): HttpError {
  return badGateway(socialErrorMessage('unavailable', client.setting.label), cause);
}

/** A round trip just started: where the browser goes, and the binding its cookie must hold. */
export type StartedRoundTrip = { url: string; binding: Binding };

/**
 * Starts a round trip: a new attempt keeps the PKCE verifier, the nonce, the hash of the state and
 * the hash of a fresh random binding, which only the browser that started it receives (in its
 * cookie); the answer is the provider's authorization URL carrying the S256 code challenge, the
 * state and the nonce, and that binding.
 */
export async function startRoundTrip(
  deps: SocialDeps,
  providerId: string,
  trip: RoundTrip,
): Promise<StartedRoundTrip> {
  const client = providerOf(deps, providerId);
  const configuration = await client.configuration().catch((error: unknown) => {
    throw unavailable(client, error);
  });
  const codeVerifier = randomPKCECodeVerifier();
  const state = randomState();
  const nonce = randomNonce();
  const binding = generateToken();
  const now = deps.clock();
  await insertAttempt(
    deps.db,
    {
      stateHash: hashToken(state),
      bindingHash: hashToken(binding),
      provider: client.setting.id,
      purpose: trip.purpose,
      accountId: trip.purpose === 'link' ? trip.accountId : null,
      codeVerifier,
      nonce,
      redirectTo: trip.purpose === 'link' ? trip.returnTo : trip.redirectTo,
      expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
    },
    now,
  );
  const url = buildAuthorizationUrl(configuration, {
    redirect_uri: client.callbackUrl,
    scope: client.setting.scope,
    code_challenge: await calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(client.setting.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  });
  return { url: url.href, binding: { state, value: binding } };
}

/** Keeps the name an Apple-type provider posted beside the code on the attempt of that state. */
export async function keepPostedUser(deps: SocialDeps, state: string, user: string | undefined) {
  const posted = parsePostedUser(user);
  if (posted) await storePostedUser(deps.db, hashToken(state), posted, deps.clock());
}

/** The provider's answer on the callback URL (RFC 6749 §4.1.2, RFC 9207's `iss`). */
export type AuthorizationResponse = { code?: string; state?: string; iss?: string; error?: string };

/** Where a callback sends the browser, and what it sets on the way. */
export type CallbackOutcome =
  | { kind: 'refused'; reason: string; location: string; cause?: unknown }
  | { kind: 'signed-in'; session: IssuedSession; location: string }
  | { kind: 'pending'; token: string; location: string }
  | { kind: 'linked'; location: string }
  | { kind: 'second-factor'; location: string };

/**
 * A path of this site with parameters added. Appended, not resolved: resolving could turn a
 * path such as `/a/..//host` into `//host`, another site. Anything outside printable ASCII is
 * percent-encoded, so the Location header always holds.
 */
function withParams(path: string, params: Record<string, string | null>): string {
  const hashAt = path.indexOf('#');
  const base = hashAt < 0 ? path : path.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  const joined = query ? `${base}${base.includes('?') ? '&' : '?'}${query}${hash}` : path;
  try {
    return joined.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  } catch {
    return '/';
  }
}

/** The landing of a refused round trip: the auth screen, or a link's page, with the error. */
function refusal(
  code: SocialErrorCode,
  reason: string,
  provider: string | null,
  attempt: Attempt | null,
  cause?: unknown,
): CallbackOutcome {
  const location =
    attempt?.purpose === 'link' && attempt.redirectTo
      ? withParams(attempt.redirectTo, { social_error: code, provider })
      : withParams('/login', {
          social_error: code,
          provider,
          redirectTo: attempt?.redirectTo ?? null,
        });
  return { kind: 'refused', reason, location, cause };
}

function unreachable(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; depth < 8 && cause instanceof Object; depth++) {
    if (cause instanceof TypeError && cause.message === 'fetch failed') return true;
    if (['TimeoutError', 'AbortError'].includes((cause as Error).name)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** An openid-client error in a line: its message and its code (`invalid_grant`, `OAUTH_…`). */
function described(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { error: oauthError, code } = error as { error?: unknown; code?: unknown };
  const name = typeof oauthError === 'string' ? oauthError : typeof code === 'string' ? code : null;
  return name ? `${error.message} (${name})` : error.message;
}

/**
 * The provider's callback: the attempt of the state is taken (once) only by the browser that
 * started it, so a stranger who learnt the state cannot use it up; it must be this provider's;
 * then the code is exchanged with the PKCE verifier, and the ID token
 * is verified by openid-client (signature against the provider's keys, issuer, audience, expiry,
 * nonce). Any refusal says why, for the log, and where the browser goes.
 */
export async function finishRoundTrip(
  deps: SocialDeps,
  providerId: string,
  params: AuthorizationResponse,
  binding: string | undefined,
  client: ClientInfo,
): Promise<CallbackOutcome> {
  const oidc = deps.oidc.find(providerId);
  if (!oidc) return refusal('failed', 'unknown provider', null, null);
  const provider = oidc.setting.id;
  const now = deps.clock();
  const stateHash = params.state ? hashToken(params.state) : null;
  const found = stateHash ? await findAttempt(deps.db, stateHash, now) : null;
  if (!found) return refusal('expired', 'unknown, expired or used state', provider, null);
  if (!binding || !sameSecret(hashToken(binding), found.bindingHash)) {
    return refusal('failed', 'binding cookie missing or wrong', provider, found);
  }
  // Taken once: a concurrent second callback of the same browser finds it gone.
  const attempt = await takeAttempt(deps.db, found.stateHash, found.bindingHash, now);
  if (!attempt) return refusal('expired', 'unknown, expired or used state', provider, null);
  if (attempt.provider !== provider) {
    return refusal('failed', `state of provider ${attempt.provider}`, provider, attempt);
  }
  if (params.error) {
    const code = params.error === 'access_denied' ? 'cancelled' : 'failed';
    return refusal(code, `provider answered ${params.error}`, provider, attempt);
  }

  let claims: IDToken | undefined;
  try {
    const configuration = await oidc.configuration();
    const callbackUrl = new URL(oidc.callbackUrl);
    for (const name of ['code', 'state', 'iss'] as const) {
      const value = params[name];
      if (value !== undefined) callbackUrl.searchParams.set(name, value);
    }
    const tokens = await authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: params.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    const code = unreachable(error) ? 'unavailable' : 'failed';
    return refusal(code, `code exchange refused: ${described(error)}`, provider, attempt, error);
  }
  if (!claims?.sub) return refusal('failed', 'no ID token subject', provider, attempt);

  const identity = await findIdentity(deps.db, claims.iss, claims.sub);
  if (attempt.purpose === 'link') return link(deps, oidc, attempt, claims, identity, client);
  if (identity) {
    const opened = await openSessionOrChallenge(deps, identity.accountId, client, {
      method: 'social',
      provider,
    });
    if (opened.kind === 'challenge') {
      // In the fragment: the browser keeps it from the server, its logs and the Referer.
      const login = withParams('/login', { redirectTo: attempt.redirectTo });
      return { kind: 'second-factor', location: `${login}#mfa=${opened.challenge}` };
    }
    const { session } = opened;
    return {
      kind: 'signed-in',
      session,
      location: withParams(postLoginPath(session.body.user.user_type, attempt.redirectTo), {}),
    };
  }
  return pend(deps, oidc, attempt, claims);
}

/** A link attempt's outcome: the identity added to the signed-in account, or why not. */
async function link(
  deps: SocialDeps,
  oidc: OidcClient,
  attempt: Attempt,
  claims: IDToken,
  identity: { accountId: string } | null,
  client: ClientInfo,
): Promise<CallbackOutcome> {
  const provider = oidc.setting.id;
  const accountId = attempt.accountId!;
  const linked = (): CallbackOutcome => ({
    kind: 'linked',
    location: withParams(attempt.redirectTo ?? '/', { social_linked: provider }),
  });
  if (identity) {
    return identity.accountId === accountId
      ? linked()
      : refusal('linked-elsewhere', 'identity held by another account', provider, attempt);
  }
  const outcome = await deps.db.transaction((tx) =>
    linkIdentity(
      tx,
      { accountId, provider, issuer: claims.iss, subject: claims.sub, email: emailOf(claims) },
      client.ip,
    ),
  );
  if (outcome === 'linked') return linked();
  return outcome === 'linked-elsewhere'
    ? refusal('linked-elsewhere', 'identity held by another account', provider, attempt)
    : refusal(
        'already-linked',
        'account holds another identity of this provider',
        provider,
        attempt,
      );
}

/** An unknown identity: a pending sign-up, whose cookie takes the browser to 'Almost there!'. */
async function pend(
  deps: SocialDeps,
  oidc: OidcClient,
  attempt: Attempt,
  claims: IDToken,
): Promise<CallbackOutcome> {
  const email = emailOf(claims);
  if (!email) return refusal('no-email', 'no email claim', oidc.setting.id, attempt);
  const verified = emailVerified(claims);
  const holder = await findAccountByEmail(deps.db, email);
  // Linked by email only when the provider verified it and the account proved it too (issue 27),
  // and never for the development provider, whose identities anyone can claim; even then only
  // after the account's password. An account without a password could not prove itself here:
  // 'email-taken' (sign in the way it did before, then link from Sign-in methods).
  const proven = verified && !oidc.setting.development && holder?.emailVerifiedAt;
  const linkAccountId = holder?.passwordHash && proven ? holder.id : null;
  const token = generateToken();
  const now = deps.clock();
  await insertPending(
    deps.db,
    {
      tokenHash: hashToken(token),
      provider: oidc.setting.id,
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: verified,
      claims: pendingClaimsOf(claims, attempt.postedUser),
      linkAccountId,
      redirectTo: attempt.redirectTo,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
    },
    now,
  );
  return {
    kind: 'pending',
    token,
    location: withParams('/signup/social', { redirectTo: attempt.redirectTo }),
  };
}

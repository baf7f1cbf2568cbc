import type { AppDeps } from '../app-deps.ts';
import { issueAccountToken } from './account-tokens.ts';
import { audit } from './audit.ts';
import type { ClientInfo } from './client-info.ts';
import { findSignInFactor } from './second-factor.queries.ts';
import { startSession, type IssuedSession } from './sessions.ts';

/** How long the second step of a sign-in may wait for its code. */
const MFA_CHALLENGE_TTL_MS = 5 * 60_000;

/** A first factor passed: the session, or the challenge the second factor must answer. */
export type FirstFactorOutcome =
  | { kind: 'session'; session: IssuedSession }
  | { kind: 'challenge'; challenge: string; expiresAt: Date };

/** How a sign-in was made (`method`, the provider), as its audit row records it. */
export type SignInDetails = Record<string, string>;

/** Opens the session of a sign-in whose factors all held, and records the sign-in. */
export async function openSignedInSession(
  deps: AppDeps,
  accountId: string,
  client: ClientInfo,
  details: SignInDetails,
): Promise<IssuedSession> {
  const session = await startSession(deps, accountId, client);
  const actor = { orgId: null, accountId, ip: client.ip };
  await audit(deps.db, actor, 'account.sign-in', accountId, details);
  return session;
}

/**
 * Every sign-in (password, social) ends here once its first factor holds: an account without a
 * second factor gets its session, one with TOTP a single-use challenge (only its hash is kept)
 * that POST /api/auth/two-factor exchanges for the session with a current or recovery code. The
 * challenge keeps `details`, so the sign-in is recorded once, where its session opens.
 */
export async function openSessionOrChallenge(
  deps: AppDeps,
  accountId: string,
  client: ClientInfo,
  details: SignInDetails,
): Promise<FirstFactorOutcome> {
  const factor = await findSignInFactor(deps.db, accountId);
  if (!factor.mfaEnabled)
    return {
      kind: 'session',
      session: await openSignedInSession(deps, accountId, client, details),
    };
  const now = deps.clock();
  const challenge = await issueAccountToken(deps.db, now, {
    purpose: 'mfa-challenge',
    accountId,
    email: factor.email,
    ttlMs: MFA_CHALLENGE_TTL_MS,
    payload: { failures: 0, signIn: details },
  });
  return {
    kind: 'challenge',
    challenge,
    expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
  };
}

import type { AppDeps } from '../app-deps.ts';
import { issueAccountToken } from './account-tokens.ts';
import type { ClientInfo } from './client-info.ts';
import { findSignInFactor } from './second-factor.queries.ts';
import { startSession, type IssuedSession } from './sessions.ts';

/** How long the second step of a sign-in may wait for its code. */
const MFA_CHALLENGE_TTL_MS = 5 * 60_000;

/** A first factor passed: the session, or the challenge the second factor must answer. */
export type FirstFactorOutcome =
  | { kind: 'session'; session: IssuedSession }
  | { kind: 'challenge'; challenge: string; expiresAt: Date };

/**
 * Every sign-in (password, social) ends here once its first factor holds: an account without a
 * second factor gets its session, one with TOTP a single-use challenge (only its hash is kept)
 * that POST /api/auth/two-factor exchanges for the session with a current or recovery code.
 */
export async function openSessionOrChallenge(
  deps: AppDeps,
  accountId: string,
  client: ClientInfo,
): Promise<FirstFactorOutcome> {
  const factor = await findSignInFactor(deps.db, accountId);
  if (!factor.mfaEnabled)
    return { kind: 'session', session: await startSession(deps, accountId, client) };
  const now = deps.clock();
  const challenge = await issueAccountToken(deps.db, now, {
    purpose: 'mfa-challenge',
    accountId,
    email: factor.email,
    ttlMs: MFA_CHALLENGE_TTL_MS,
    payload: { failures: 0 },
  });
  return {
    kind: 'challenge',
    challenge,
    expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
  };
}

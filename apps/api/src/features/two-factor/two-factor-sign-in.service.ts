import {
  INVALID_TOTP_CODE_MESSAGE,
  MFA_CHALLENGE_EXPIRED_MESSAGE,
  type VerifyTwoFactorBody,
} from '@resonant/contracts/two-factor';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { spendToken } from '../../kernel/account-tokens.ts';
import { audit } from '../../kernel/audit.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import type { IssuedSession } from '../../kernel/sessions.ts';
import { openSignedInSession, type SignInDetails } from '../../kernel/second-factor.ts';
import { hashToken } from '../../lib/crypto.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { recoveryCodeHash } from './recovery-codes.ts';
import { matchingStep } from './totp.ts';
import {
  acceptStep,
  findFactorAccount,
  findLiveChallenge,
  recordChallengeFailure,
  spendRecoveryCode,
} from './two-factor.queries.ts';

/** The sign-in limits (features/auth/sign-in-limits.ts), handed over by app.ts. */
type SignInAttempts = {
  admit(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
};

export type TwoFactorDeps = AppDeps & { signInLimits: SignInAttempts };

/** Wrong codes one challenge takes before it is used up (the password is then asked again). */
const CHALLENGE_FAILURES_ALLOWED = 5;

/** Six digits is an authenticator's code; anything else is tried as a recovery code. */
const AUTHENTICATOR_CODE = /^\d{6}$/;

/** Which factor a code was, once taken; null when it is neither a current code nor an unused recovery code. */
async function takeSecondFactor(
  deps: AppDeps,
  accountId: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  const account = await findFactorAccount(deps.db, accountId);
  if (!account.totpEnabledAt || !account.totpSecret) return null;
  const digits = code.replaceAll(' ', '');
  if (digits.length === 6 && AUTHENTICATOR_CODE.test(digits)) {
    const step = await matchingStep(account.totpSecret, digits, now, account.totpLastStep);
    return step !== null && (await acceptStep(deps.db, accountId, step)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(deps.db, accountId, recoveryCodeHash(code), now))
    ? 'recovery'
    : null;
}

/**
 * POST /api/auth/two-factor: the second step of a sign-in. The challenge must be live; the code
 * is asked under the sign-in limits of the challenge's account, and a wrong one counts against
 * them (and against the challenge, used up after CHALLENGE_FAILURES_ALLOWED). A right one spends
 * the challenge and opens the session.
 */
export async function verifySecondFactor(
  deps: TwoFactorDeps,
  input: z.output<typeof VerifyTwoFactorBody>,
  client: ClientInfo,
): Promise<IssuedSession> {
  const now = deps.clock();
  const challenge = await findLiveChallenge(deps.db, hashToken(input.challenge), now);
  if (!challenge?.accountId) throw unauthorized(MFA_CHALLENGE_EXPIRED_MESSAGE);
  const accountId = challenge.accountId;
  await deps.signInLimits.admit(challenge.email, client.ip);
  const actor = { orgId: null, accountId, ip: client.ip };
  const factor = await takeSecondFactor(deps, accountId, input.code, now);
  if (!factor) {
    const failures = Number(challenge.payload?.failures ?? 0) + 1;
    await recordChallengeFailure(
      deps.db,
      challenge.id,
      { ...challenge.payload, failures },
      failures >= CHALLENGE_FAILURES_ALLOWED ? now : null,
    );
    await deps.signInLimits.recordFailure(challenge.email, client.ip);
    await audit(deps.db, actor, 'account.mfa-failed', accountId);
    throw unauthorized(INVALID_TOTP_CODE_MESSAGE);
  }
  if (!(await spendToken(deps.db, 'mfa-challenge', input.challenge, now))) {
    throw unauthorized(MFA_CHALLENGE_EXPIRED_MESSAGE);
  }
  const action = factor === 'totp' ? 'account.mfa-use' : 'account.mfa-recovery-use';
  await audit(deps.db, actor, action, accountId);
  const firstFactor = (challenge.payload?.signIn ?? {}) as SignInDetails;
  return openSignedInSession(deps, accountId, client, { ...firstFactor, secondFactor: factor });
}

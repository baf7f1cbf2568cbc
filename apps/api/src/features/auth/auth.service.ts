import type { SignInBody } from '@resonant/contracts/auth';
import { INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { generateToken, hashPassword, hashToken, verifyPassword } from '../../lib/crypto.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { audit } from '../../kernel/audit.ts';
import { findAccountByEmail } from '../../kernel/accounts.queries.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { openSessionOrChallenge, type FirstFactorOutcome } from '../../kernel/second-factor.ts';
import { endSession } from '../../kernel/sessions.ts';
import type { SignInLimits } from './sign-in-limits.ts';

export type AuthDeps = AppDeps & { signInLimits: SignInLimits };

// Verified against when the account does not exist, so an unknown email takes as long as a wrong password.
const decoyHash = hashPassword(generateToken());

/**
 * Checks an email and its password, the same 401 for an unknown email or a wrong password, and
 * answers the account's id. The limits are asked first, so a refused client learns nothing about
 * the password it sent; a failure counts against them.
 */
export async function checkPassword(
  deps: AuthDeps,
  email: string,
  password: string,
  ip: string,
): Promise<string> {
  await deps.signInLimits.admit(email, ip);
  const account = await findAccountByEmail(deps.db, email);
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
  if (!account?.passwordHash || !valid) {
    await deps.signInLimits.recordFailure(email, ip);
    await auditFailedSignIn(
      deps,
      account?.id ?? null,
      email,
      ip,
      account ? 'wrong-password' : 'unknown-email',
    );
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  return account.id;
}

/**
 * Records a failed password check. Only attempts the limits admitted get here, so a flood of
 * failures writes at most the limits' allowance of rows. Never the password typed; for an email no
 * account holds, no account is named and only the address's hash is kept (enough to see one
 * address tried again and again, without keeping what someone typed into the field).
 */
async function auditFailedSignIn(
  deps: AuthDeps,
  accountId: string | null,
  email: string,
  ip: string,
  reason: 'wrong-password' | 'unknown-email',
) {
  const details = accountId
    ? { method: 'password', reason }
    : { method: 'password', reason, emailHash: hashToken(email) };
  await audit(
    deps.db,
    { orgId: null, accountId: null, ip },
    'account.sign-in-failed',
    accountId,
    details,
  );
}

/**
 * Checks the password (checkPassword), then opens a session, or answers the second factor's
 * challenge when the account has one; the sign-in is recorded where the session opens.
 */
export async function signIn(
  deps: AuthDeps,
  input: z.output<typeof SignInBody>,
  client: ClientInfo,
): Promise<FirstFactorOutcome> {
  const accountId = await checkPassword(deps, input.email, input.password, client.ip);
  return openSessionOrChallenge(deps, accountId, client, { method: 'password' });
}

/** Ends the caller's session (its bearer token and refresh cookie) and records the sign-out. */
export async function signOut(
  deps: AppDeps,
  caller: { sessionId: string; accountId: string },
  client: ClientInfo,
): Promise<void> {
  await endSession(deps, caller.sessionId);
  const { accountId } = caller;
  await audit(deps.db, { orgId: null, accountId, ip: client.ip }, 'account.sign-out', accountId);
}

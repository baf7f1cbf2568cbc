import type { SignInBody } from '@resonant/contracts/auth';
import { INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { generateToken, hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { findAccountByEmail } from '../../kernel/accounts.queries.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { openSessionOrChallenge, type FirstFactorOutcome } from '../../kernel/second-factor.ts';
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
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  return account.id;
}

/**
 * Checks the password (checkPassword), then opens a session, or answers the second factor's
 * challenge when the account has one.
 */
export async function signIn(
  deps: AuthDeps,
  input: z.output<typeof SignInBody>,
  client: ClientInfo,
): Promise<FirstFactorOutcome> {
  const accountId = await checkPassword(deps, input.email, input.password, client.ip);
  return openSessionOrChallenge(deps, accountId, client);
}

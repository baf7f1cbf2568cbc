import type { SignInBody, SignUpBody } from '@resonant/contracts/auth';
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { generateToken, hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { conflict, unauthorized } from '../../lib/http-error.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { audit } from '../../kernel/audit.ts';
import { findAccountByEmail, insertAccount } from '../../kernel/accounts.queries.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { startSession, type IssuedSession } from '../../kernel/sessions.ts';
import type { SignInLimits } from './sign-in-limits.ts';

export type AuthDeps = AppDeps & { signInLimits: SignInLimits };

/** Creates an account with an argon2id password hash and signs it in. */
export async function signUp(
  deps: AppDeps,
  input: z.output<typeof SignUpBody>,
  client: ClientInfo,
): Promise<IssuedSession> {
  assertPasswordAllowed(input.password);
  const accountId = await insertAccount(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender,
    birthDate: input.birthDate,
  });
  if (!accountId) throw conflict(EMAIL_TAKEN_MESSAGE);
  await audit(deps.db, { orgId: null, accountId, ip: client.ip }, 'account.sign-up', accountId);
  return startSession(deps, accountId, client);
}

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

/** Checks the password (checkPassword) and opens a session. */
export async function signIn(
  deps: AuthDeps,
  input: z.output<typeof SignInBody>,
  client: ClientInfo,
): Promise<IssuedSession> {
  const accountId = await checkPassword(deps, input.email, input.password, client.ip);
  return startSession(deps, accountId, client);
}

import type { SignInBody, SignUpBody } from '@resonant/contracts/auth';
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { generateToken, hashPassword, hashToken, verifyPassword } from '../../lib/crypto.ts';
import { conflict, unauthorized } from '../../lib/http-error.ts';
import { audit } from '../../kernel/audit.ts';
import {
  findAccountByEmail,
  insertAccount,
  insertSession,
  markSignedIn,
  rotateSession,
  revokeSession,
} from './auth.queries.ts';
import { loadSignedInCaller } from '../../kernel/memberships.queries.ts';
import { loadUserProfile } from '../../kernel/current-user.ts';
import type { SignInLimits } from './sign-in-limits.ts';

export type AuthDeps = AppDeps & { signInLimits: SignInLimits };
export type ClientInfo = { ip: string; userAgent: string | null };

/** What a successful sign-in, sign-up or refresh hands back: the body and the refresh cookie. */
export type IssuedSession = {
  body: { token: string; expiresAt: string; user: Awaited<ReturnType<typeof loadUserProfile>> };
  refreshToken: string;
  refreshExpiresAt: Date;
};

function newTokens(deps: AppDeps) {
  const now = deps.clock().getTime();
  const token = generateToken();
  const refreshToken = generateToken();
  const expiresAt = new Date(now + deps.config.SESSION_TTL_MINUTES * 60_000);
  const refreshExpiresAt = new Date(now + deps.config.REFRESH_TTL_DAYS * 86_400_000);
  return {
    token,
    refreshToken,
    stored: {
      tokenHash: hashToken(token),
      refreshHash: hashToken(refreshToken),
      expiresAt,
      refreshExpiresAt,
    },
  };
}

async function issued(
  deps: AppDeps,
  accountId: string,
  tokens: ReturnType<typeof newTokens>,
): Promise<IssuedSession> {
  // The new session's caller, read the way every later request reads it.
  const caller = await loadSignedInCaller(
    deps.db,
    tokens.stored.tokenHash,
    deps.clock(),
    deps.config.APP_ADMIN_EMAIL,
  );
  if (!caller) throw new Error(`The session just opened for account ${accountId} is not live`);
  const user = await loadUserProfile(deps.db, accountId, caller.context);
  return {
    body: { token: tokens.token, expiresAt: tokens.stored.expiresAt.toISOString(), user },
    refreshToken: tokens.refreshToken,
    refreshExpiresAt: tokens.stored.refreshExpiresAt,
  };
}

/** Opens a session for an account: every way of signing in ends here, so all get the same tokens. */
export async function startSession(
  deps: AppDeps,
  accountId: string,
  client: ClientInfo,
): Promise<IssuedSession> {
  const tokens = newTokens(deps);
  await insertSession(deps.db, accountId, tokens.stored, client);
  await markSignedIn(deps.db, accountId, deps.clock());
  return issued(deps, accountId, tokens);
}

/** Creates an account with an argon2id password hash and signs it in. */
export async function signUp(
  deps: AppDeps,
  input: z.output<typeof SignUpBody>,
  client: ClientInfo,
): Promise<IssuedSession> {
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

/**
 * Exchanges a live refresh token for a fresh pair (rotation), restoring the session after a reload;
 * null when there is no live session to restore (no token, or a spent, revoked or expired one).
 */
export async function refresh(
  deps: AppDeps,
  refreshToken: string | undefined,
): Promise<IssuedSession | null> {
  if (!refreshToken) return null;
  const tokens = newTokens(deps);
  const session = await rotateSession(
    deps.db,
    hashToken(refreshToken),
    tokens.stored,
    deps.clock(),
  );
  if (!session) return null;
  return issued(deps, session.accountId, tokens);
}

/** Revokes the session: its bearer token and refresh cookie stop working at once. */
export async function signOut(deps: AppDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock());
}

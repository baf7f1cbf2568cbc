import type { z } from 'zod';
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_DEAD_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ChangePasswordBody,
  type ResetPasswordBody,
} from '@resonant/contracts/passwords';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { AppDeps } from '../../app-deps.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { issueMailedAccountToken, spendToken } from '../../kernel/account-tokens.ts';
import { voidAccountTokens } from '../../kernel/account-tokens.queries.ts';
import { findAccountByEmail } from '../../kernel/accounts.queries.ts';
import { audit } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { revokeAccountSessions } from '../../kernel/sessions.queries.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { WindowCounter } from '../../lib/rate-limit.ts';
import { findPasswordHash, setChosenPassword } from './passwords.queries.ts';
import { RESET_MAIL_JOB } from './reset-mail.ts';

export type PasswordsDeps = AppDeps & {
  jobs: JobWorker;
  /** Reset mails per address (PASSWORD_RESET_MAILS_PER_EMAIL an hour). */
  resetMailsPerEmail: WindowCounter;
};

/**
 * Replaces the caller's password, given the current one (a temporary one included). Every other
 * session of the account ends; the one making the change stays signed in.
 */
export async function changePassword(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof ChangePasswordBody>,
): Promise<MessageResponse> {
  const current = await findPasswordHash(deps.db, scope.accountId);
  if (!current || !(await verifyPassword(current, body.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  if (body.newPassword === body.currentPassword) throw badRequest(SAME_PASSWORD_MESSAGE);
  assertPasswordAllowed(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await setChosenPassword(tx, scope.accountId, passwordHash);
    const ended = await revokeAccountSessions(tx, scope.accountId, now, scope.sessionId);
    await audit(
      tx,
      { orgId: null, accountId: scope.accountId, ip: scope.ip },
      'account.password-change',
      scope.accountId,
      { sessionsEnded: ended },
    );
  });
  return { message: PASSWORD_CHANGED_MESSAGE };
}

/**
 * Mails a reset link to the account of `email`, if there is one and the address has not had
 * PASSWORD_RESET_MAILS_PER_EMAIL of them this hour. The caller answers the same whatever happens
 * here, and before it happens, so neither the answer nor its time tells whether the account exists.
 */
export async function requestPasswordReset(
  deps: PasswordsDeps,
  email: string,
  ip: string,
): Promise<void> {
  if ((await deps.resetMailsPerEmail.hit(email)).limited) return;
  const account = await findAccountByEmail(deps.db, email);
  if (!account) return;
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    // A newer link replaces the older ones.
    await voidAccountTokens(tx, 'reset-password', account.id, now);
    const tokenId = await issueMailedAccountToken(tx, now, {
      purpose: 'reset-password',
      accountId: account.id,
      email,
      ttlMs: deps.config.PASSWORD_RESET_TTL_MINUTES * 60_000,
    });
    await deps.jobs.enqueue(tx, {
      kind: RESET_MAIL_JOB,
      payload: { tokenId },
      maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
    });
    await audit(
      tx,
      { orgId: null, accountId: account.id, ip },
      'account.password-reset-request',
      account.id,
    );
  });
}

/**
 * Sets a new password with a mailed reset link, spent once: the password is the person's own from
 * then on (no longer temporary), and every session of the account ends.
 */
export async function resetPassword(
  deps: AppDeps,
  body: z.output<typeof ResetPasswordBody>,
  ip: string,
): Promise<MessageResponse> {
  // Checked before the link is spent, so a refused password leaves the link working.
  assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const token = await spendToken(tx, 'reset-password', body.token, now);
    if (!token?.accountId) throw notFound(RESET_LINK_DEAD_MESSAGE);
    await setChosenPassword(tx, token.accountId, passwordHash);
    const ended = await revokeAccountSessions(tx, token.accountId, now);
    await audit(
      tx,
      { orgId: null, accountId: token.accountId, ip },
      'account.password-reset',
      token.accountId,
      { sessionsEnded: ended },
    );
  });
  return { message: PASSWORD_RESET_MESSAGE };
}

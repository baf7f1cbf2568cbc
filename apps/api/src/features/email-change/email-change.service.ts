import type { z } from 'zod';
import {
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_PASSWORD_REQUIRED_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  SAME_EMAIL_MESSAGE,
  type EmailChangeResponse,
  type RequestEmailChangeBody,
} from '@resonant/contracts/email-change';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@resonant/contracts/passwords';
import type { AppDeps } from '../../app-deps.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { issueMailedAccountToken, spendToken } from '../../kernel/account-tokens.ts';
import { voidAccountTokens } from '../../kernel/account-tokens.queries.ts';
import { findAccountByEmail, releaseUnprovenEmail } from '../../kernel/accounts.queries.ts';
import { audit } from '../../kernel/audit.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { EMAIL_CHANGE_MAIL_JOB, EMAIL_CHANGE_NOTICE_JOB } from './email-change-mail.ts';
import { findOwnAccount, setProvenEmail } from './email-change.queries.ts';

export type EmailChangeDeps = AppDeps & { jobs: JobWorker };

const HOUR_MS = 3_600_000;
const linkInvalid = () => new HttpError(410, EMAIL_CHANGE_LINK_INVALID_MESSAGE);

/** Whether another account has proven `email` (an unproven holder gives it up on the change). */
async function takenByAnother(deps: AppDeps, email: string, accountId: string) {
  const holder = await findAccountByEmail(deps.db, email);
  return !!holder && holder.id !== accountId && !!holder.emailVerifiedAt;
}

/**
 * Asks to move the caller's account to a new address: the current password first (when the
 * account has one), then a single-use link to the new address and a notice to the old one. The
 * address changes only when the link is followed; earlier links stop working.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  scope: TenantScope,
  body: z.output<typeof RequestEmailChangeBody>,
): Promise<EmailChangeResponse> {
  const account = await findOwnAccount(deps.db, scope.accountId);
  if (!account) throw notFound();
  if (account.passwordHash) {
    if (!body.currentPassword) throw badRequest(EMAIL_CHANGE_PASSWORD_REQUIRED_MESSAGE);
    if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
      throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
    }
  }
  if (body.email === account.email.toLowerCase()) throw badRequest(SAME_EMAIL_MESSAGE);
  if (await takenByAnother(deps, body.email, scope.accountId)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await voidAccountTokens(tx, 'change-email', scope.accountId, now);
    const tokenId = await issueMailedAccountToken(tx, now, {
      purpose: 'change-email',
      accountId: scope.accountId,
      email: body.email,
      ttlMs: EMAIL_CHANGE_TTL_HOURS * HOUR_MS,
      payload: { from: account.email },
    });
    const maxAttempts = deps.config.MAIL_MAX_ATTEMPTS;
    await deps.jobs.enqueue(tx, { kind: EMAIL_CHANGE_MAIL_JOB, payload: { tokenId }, maxAttempts });
    await deps.jobs.enqueue(tx, {
      kind: EMAIL_CHANGE_NOTICE_JOB,
      payload: { to: account.email, newEmail: body.email },
      maxAttempts,
    });
    const actor = { orgId: null, accountId: scope.accountId, ip: scope.ip };
    await audit(tx, actor, 'account.email-change-request', scope.accountId);
  });
  deps.jobs.kick();
  return { message: EMAIL_CHANGE_SENT_MESSAGE, email: body.email };
}

/**
 * Follows a change link once: the account takes the new address, proven, unless another account
 * proved it meanwhile (409); an unproven holder gives it up, as at sign-up. Sessions stay. A used,
 * replaced, expired or unknown link is 410.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  raw: string,
  client: ClientInfo,
): Promise<EmailChangeResponse> {
  const now = deps.clock();
  const email = await deps.db.transaction(async (tx) => {
    const token = await spendToken(tx, 'change-email', raw, now);
    if (!token?.accountId) throw linkInvalid();
    const { accountId } = token;
    const holder = await findAccountByEmail(tx, token.email);
    if (holder && holder.id !== accountId) {
      if (holder.emailVerifiedAt) throw conflict(EMAIL_TAKEN_MESSAGE);
      const released = await releaseUnprovenEmail(tx, token.email, now);
      if (released) {
        await audit(
          tx,
          { orgId: null, accountId: released, ip: client.ip },
          'account.email-released',
          released,
        );
      }
    }
    if (!(await setProvenEmail(tx, accountId, token.email, now))) throw linkInvalid();
    await audit(tx, { orgId: null, accountId, ip: client.ip }, 'account.email-change', accountId, {
      from: (token.payload as { from?: string } | null)?.from ?? null,
    });
    return token.email;
  });
  return { message: EMAIL_CHANGED_MESSAGE, email };
}

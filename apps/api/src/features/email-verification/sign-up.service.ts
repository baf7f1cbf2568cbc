import type { SignUpBody } from '@resonant/contracts/auth';
import {
  CHECK_INBOX_MESSAGE,
  type CheckInboxResponse,
} from '@resonant/contracts/email-verification';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { issueMailedAccountToken } from '../../kernel/account-tokens.ts';
import { findAccountByEmail, insertAccount } from '../../kernel/accounts.queries.ts';
import { audit } from '../../kernel/audit.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { WindowCounter } from '../../lib/rate-limit.ts';
import type { PendingSignUp } from './pending-sign-up.ts';
import { SIGN_UP_NOTICE_JOB, VERIFICATION_MAIL_JOB } from './verification-mail.ts';

export type EmailVerificationDeps = AppDeps & { jobs: JobWorker; resendsPerAccount: WindowCounter };

const HOUR_MS = 3_600_000;

/**
 * Stores a confirmation link for `email` and queues its mail, in the caller's transaction: for an
 * account (`accountId`), or for a sign-up still to be made once the link proves the address
 * (`pending`, when an unproven account holds it).
 */
export async function queueVerificationMail(
  deps: EmailVerificationDeps,
  tx: Database,
  link: { email: string; accountId: string | null; pending?: PendingSignUp },
) {
  const tokenId = await issueMailedAccountToken(tx, deps.clock(), {
    purpose: 'verify-email',
    accountId: link.accountId,
    email: link.email,
    ttlMs: deps.config.EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
    payload: link.pending,
  });
  await deps.jobs.enqueue(tx, {
    kind: VERIFICATION_MAIL_JOB,
    payload: { tokenId },
    maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
  });
}

/**
 * POST /api/auth/sign-up. The answer is the same whoever holds the address, and the password is
 * hashed in every case, so neither the answer nor its time tells whether an account exists:
 * - nobody: the account is made unproven (it may sign in) and a confirmation link is mailed;
 * - an unproven account: the link carries this sign-up (never the raw password), and following it
 *   takes the address from that account (a squatter's, or an unclaimed one);
 * - a proven account: its owner is told someone tried, and nothing changes.
 */
export async function signUp(
  deps: EmailVerificationDeps,
  input: z.output<typeof SignUpBody>,
  client: ClientInfo,
): Promise<CheckInboxResponse> {
  // Refused before the address is looked at, so the answer says nothing about who holds it.
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const details = {
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender,
    birthDate: input.birthDate,
  };
  const holder = await findAccountByEmail(deps.db, input.email);
  await deps.db.transaction(async (tx) => {
    if (holder?.emailVerifiedAt) {
      await deps.jobs.enqueue(tx, {
        kind: SIGN_UP_NOTICE_JOB,
        payload: { accountId: holder.id },
        maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
      });
      return;
    }
    const accountId = holder
      ? null
      : await insertAccount(tx, { email: input.email, passwordHash, ...details });
    if (accountId) {
      await audit(tx, { orgId: null, accountId, ip: client.ip }, 'account.sign-up', accountId);
    }
    const pending = accountId ? undefined : { ...details, passwordHash };
    await queueVerificationMail(deps, tx, { email: input.email, accountId, pending });
  });
  deps.jobs.kick();
  return { message: CHECK_INBOX_MESSAGE };
}

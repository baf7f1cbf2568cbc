import {
  ADDRESS_ALREADY_CONFIRMED_MESSAGE,
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  VERIFICATION_LINK_INVALID_MESSAGE,
  VERIFICATION_RESEND_LIMITED_MESSAGE,
  VERIFICATION_RESENT_MESSAGE,
  type CheckInboxResponse,
  type VerifyEmailResponse,
} from '@resonant/contracts/email-verification';
import type { Database } from '../../db/client.ts';
import { spendToken } from '../../kernel/account-tokens.ts';
import { voidAccountTokens, type AccountTokenRow } from '../../kernel/account-tokens.queries.ts';
import {
  insertAccount,
  markEmailVerified,
  releaseUnprovenEmail,
} from '../../kernel/accounts.queries.ts';
import { audit } from '../../kernel/audit.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { conflict, HttpError, tooManyRequests } from '../../lib/http-error.ts';
import { findAccountEmailState } from './email-verification.queries.ts';
import { PendingSignUp } from './pending-sign-up.ts';
import { queueVerificationMail, type EmailVerificationDeps } from './sign-up.service.ts';

const linkInvalid = () => new HttpError(410, VERIFICATION_LINK_INVALID_MESSAGE);

/**
 * The sign-up a link carries, now that its address is proven: the unproven account holding the
 * address loses it (placeholder address, sessions ended), and the new account is made proven.
 */
async function completePendingSignUp(
  tx: Database,
  token: AccountTokenRow,
  client: ClientInfo,
  now: Date,
): Promise<void> {
  const pending = PendingSignUp.safeParse(token.payload);
  if (!pending.success) throw linkInvalid();
  const released = await releaseUnprovenEmail(tx, token.email, now);
  if (released) {
    const actor = { orgId: null, accountId: released, ip: client.ip };
    await audit(tx, actor, 'account.email-released', released);
  }
  const { passwordHash, ...details } = pending.data;
  const accountId = await insertAccount(tx, {
    email: token.email,
    passwordHash,
    ...details,
    emailVerifiedAt: now,
  });
  // A proven account holds the address now (its owner confirmed another link first).
  if (!accountId) throw conflict(ADDRESS_ALREADY_CONFIRMED_MESSAGE);
  await audit(tx, { orgId: null, accountId, ip: client.ip }, 'account.sign-up', accountId);
  await audit(tx, { orgId: null, accountId, ip: client.ip }, 'account.email-verified', accountId);
}

/**
 * Proves the address of the account a link was sent to; a link of an account that proved it
 * meanwhile (an invitation's link) still confirms, one of an account that lost it does not.
 */
async function proveAccountEmail(
  tx: Database,
  token: AccountTokenRow & { accountId: string },
  client: ClientInfo,
  now: Date,
) {
  const { accountId, email } = token;
  if (await markEmailVerified(tx, accountId, email, now)) {
    await audit(tx, { orgId: null, accountId, ip: client.ip }, 'account.email-verified', accountId);
    return;
  }
  const account = await findAccountEmailState(tx, accountId);
  const holdsIt = account?.emailVerifiedAt && account.email.toLowerCase() === email.toLowerCase();
  if (!holdsIt) throw linkInvalid();
}

/**
 * POST /api/auth/verify-email: spends a confirmation link once and proves its address, for the
 * account it was sent for or for the sign-up it carries. It does not sign in: whoever opened the
 * link signs in with the password next (410 for a used, replaced, expired or unknown link).
 */
export async function verifyEmail(
  deps: EmailVerificationDeps,
  raw: string,
  client: ClientInfo,
): Promise<VerifyEmailResponse> {
  const now = deps.clock();
  const email = await deps.db.transaction(async (tx) => {
    const token = await spendToken(tx, 'verify-email', raw, now);
    if (!token) throw linkInvalid();
    const { accountId } = token;
    if (accountId) await proveAccountEmail(tx, { ...token, accountId }, client, now);
    else await completePendingSignUp(tx, token, client, now);
    return token.email;
  });
  return { message: EMAIL_CONFIRMED_MESSAGE, email };
}

/**
 * POST /api/auth/verify-email/resend: a new link for the signed-in unproven account; its earlier
 * links stop working. Limited per account, so nobody floods an inbox from a session.
 */
export async function resendVerification(
  deps: EmailVerificationDeps,
  accountId: string,
): Promise<CheckInboxResponse> {
  const account = await findAccountEmailState(deps.db, accountId);
  if (!account || account.emailVerifiedAt) throw conflict(EMAIL_ALREADY_VERIFIED_MESSAGE);
  const sends = await deps.resendsPerAccount.hit(accountId);
  if (sends.limited) {
    throw tooManyRequests(VERIFICATION_RESEND_LIMITED_MESSAGE, sends.retryAfterSeconds);
  }
  await deps.db.transaction(async (tx) => {
    await voidAccountTokens(tx, 'verify-email', accountId, deps.clock());
    await queueVerificationMail(deps, tx, { email: account.email, accountId });
  });
  deps.jobs.kick();
  return { message: VERIFICATION_RESENT_MESSAGE };
}

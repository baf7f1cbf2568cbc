import type { AppDeps } from '../../app-deps.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import type { JobHandler } from '../../jobs/job-worker.ts';
import type { AccountTokenRow } from '../../kernel/account-tokens.queries.ts';
import { accountTokenMailHandler } from '../../kernel/account-tokens.ts';
import { formatExpiry, mailHtml, mailText, type MailContent } from '../../lib/mail-layout.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import { findProvenAccountEmail } from './email-verification.queries.ts';

export const VERIFICATION_MAIL_JOB = 'account.verification-mail' satisfies JobKind;
export const SIGN_UP_NOTICE_JOB = 'account.sign-up-notice' satisfies JobKind;
const VERIFY_EMAIL_PATH = '/verify-email';
const SIGN_IN_PATH = '/login';

/** The confirmation email: what the link does, until when, and that ignoring it is safe. */
function verificationMail(token: AccountTokenRow, link: string): OutgoingMail {
  const content: MailContent = {
    heading: 'Confirm your email address',
    paragraphs: [
      `Someone, hopefully you, signed up for Resonant with this email address (${token.email}).`,
      `Open the link to confirm that the address is yours; then sign in with the password you chose. The link works once and expires on ${formatExpiry(token.expiresAt)}.`,
    ],
    action: { label: 'Confirm my email address', url: link },
    footnote:
      'If you did not sign up, ignore this email and do not open the link: nothing is confirmed unless you do.',
  };
  return {
    to: token.email,
    subject: 'Confirm your email address for Resonant',
    text: mailText(content),
    html: mailHtml(content),
  };
}

/** Sends a confirmation link through the one link-mail job (token made at sending time). */
export function verificationMailHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof VERIFICATION_MAIL_JOB]> {
  return accountTokenMailHandler(deps, { path: VERIFY_EMAIL_PATH, compose: verificationMail });
}

/** To the proven owner of an address someone signed up with: sign in, or reset the password. */
function signUpNoticeMail(email: string, publicUrl: string): OutgoingMail {
  const content: MailContent = {
    heading: 'Someone tried to sign up with your address',
    paragraphs: [
      `Someone tried to create a Resonant account with this email address (${email}), which already has an account.`,
      'If it was you, sign in instead; if you forgot your password, choose "Forgot password?" on the sign-in screen to reset it.',
    ],
    action: { label: 'Sign in', url: `${publicUrl.replace(/\/+$/, '')}${SIGN_IN_PATH}` },
    footnote:
      'If it was not you, you can ignore this email: your account and its password are unchanged.',
  };
  return {
    to: email,
    subject: 'Someone tried to sign up to Resonant with your address',
    text: mailText(content),
    html: mailHtml(content),
  };
}

/** Mails the sign-up notice to the account's address, if it still holds a proven one. */
export function signUpNoticeHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof SIGN_UP_NOTICE_JOB]> {
  return {
    async run(job) {
      const email = await findProvenAccountEmail(deps.db, job.payload.accountId);
      if (email) await deps.mailer.send(signUpNoticeMail(email, deps.config.PUBLIC_URL));
    },
  };
}

import type { AppDeps } from '../../app-deps.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import type { JobHandler } from '../../jobs/job-worker.ts';
import type { AccountTokenRow } from '../../kernel/account-tokens.queries.ts';
import { accountTokenMailHandler } from '../../kernel/account-tokens.ts';
import { formatExpiry, mailHtml, mailText, type MailContent } from '../../lib/mail-layout.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';

export const EMAIL_CHANGE_MAIL_JOB = 'account.email-change-mail' satisfies JobKind;
export const EMAIL_CHANGE_NOTICE_JOB = 'account.email-change-notice' satisfies JobKind;
const CONFIRM_PATH = '/confirm-email-change';

/** To the new address: the link that moves the account to it. */
function changeMail(token: AccountTokenRow, link: string): OutgoingMail {
  const content: MailContent = {
    heading: 'Confirm your new email address',
    paragraphs: [
      `Someone, hopefully you, asked to use this address (${token.email}) for their Resonant account.`,
      `Open the link to confirm it: the account's email changes then, not before. The link works once and expires on ${formatExpiry(token.expiresAt)}.`,
    ],
    action: { label: 'Use this email address', url: link },
    footnote: 'If it was not you, ignore this email: nothing changes unless the link is opened.',
  };
  return {
    to: token.email,
    subject: 'Confirm your new email address for Resonant',
    text: mailText(content),
    html: mailHtml(content),
  };
}

/** Mails the change link through the one link-mail job (token made at sending time). */
export function emailChangeMailHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof EMAIL_CHANGE_MAIL_JOB]> {
  return accountTokenMailHandler(deps, { path: CONFIRM_PATH, compose: changeMail });
}

const SIGN_IN_PATH = '/login';

/** To the old address: a change was asked for, and what to do if it was not its owner. */
function noticeMail(to: string, newEmail: string, publicUrl: string): OutgoingMail {
  const content: MailContent = {
    heading: 'Your Resonant email is about to change',
    paragraphs: [
      `Someone signed in to your Resonant account asked to change its email from this address to ${newEmail}.`,
      'The change happens only when the link sent to the new address is opened; until then this address stays the account’s.',
    ],
    action: { label: 'Sign in', url: `${publicUrl.replace(/\/+$/, '')}${SIGN_IN_PATH}` },
    footnote:
      'If it was not you, sign in and change your password now: your account and its sessions are otherwise unchanged.',
  };
  return {
    to,
    subject: 'Your Resonant email address is about to change',
    text: mailText(content),
    html: mailHtml(content),
  };
}

/** Mails the notice to the address the account had when the change was asked for. */
export function emailChangeNoticeHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof EMAIL_CHANGE_NOTICE_JOB]> {
  return {
    async run(job) {
      await deps.mailer.send(
        noticeMail(job.payload.to, job.payload.newEmail, deps.config.PUBLIC_URL),
      );
    },
  };
}

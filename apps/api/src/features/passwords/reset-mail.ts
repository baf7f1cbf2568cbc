import type { AppDeps } from '../../app-deps.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import type { JobHandler } from '../../jobs/job-worker.ts';
import type { AccountTokenRow } from '../../kernel/account-tokens.queries.ts';
import { accountTokenMailHandler } from '../../kernel/account-tokens.ts';
import { formatExpiry, mailHtml, mailText, type MailContent } from '../../lib/mail-layout.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';

export const RESET_MAIL_JOB = 'password-reset.mail' satisfies JobKind;
const RESET_PATH = '/reset-password';

/** The reset email: what the link does, that it works once and until when. */
function resetMail(token: AccountTokenRow, link: string): OutgoingMail {
  const content: MailContent = {
    heading: 'Choose a new password',
    paragraphs: [
      `Someone asked to reset the password of the Resonant account of ${token.email}.`,
      `Open the link to choose a new password. Every device signed in to the account is then signed out. The link works once and expires on ${formatExpiry(token.expiresAt)}.`,
    ],
    action: { label: 'Choose a new password', url: link },
    footnote:
      'If you did not ask for this you can ignore this email: your password stays as it is.',
  };
  return {
    to: token.email,
    subject: 'Reset your Resonant password',
    text: mailText(content),
    html: mailHtml(content),
    orgId: null,
  };
}

/** Sends a reset link through the one link-mail job (token made at sending time). */
export function resetMailHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof RESET_MAIL_JOB]> {
  return accountTokenMailHandler(deps, { path: RESET_PATH, compose: resetMail });
}

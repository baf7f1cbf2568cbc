import type { MailStatus } from '@resonant/contracts/invitations';

/** A badge beside a link's status: what its email's delivery state means to the admin. */
export type MailStatusBadge = {
  label: string;
  color: string;
  variant: 'filled' | 'light';
  tooltip: string;
};

const SENDING = 'SENDING';

/** What to do when an invitation email finally failed; claim links say their own remedy. */
const INVITATION_MAIL_FAILED_HINT =
  'The invitation email could not be delivered. Resend to try again.';

/** An invitation or claim link as its table has it: what the link is, and where its email is. */
export type LinkMail = { status: string; mail_status: MailStatus };

/**
 * The badge for a link's email, or null when there is nothing to say: the email was sent, or the
 * link is no longer pending (answered, claimed, replaced or expired), so its email does not matter.
 * `failedHint` is the tooltip of a failed email.
 */
export function mailStatusBadge(
  link: LinkMail,
  failedHint: string = INVITATION_MAIL_FAILED_HINT,
): MailStatusBadge | null {
  if (link.status !== 'pending') return null;
  switch (link.mail_status) {
    case 'queued':
      return {
        label: SENDING,
        color: 'gray',
        variant: 'light',
        tooltip: 'The email is waiting to be sent.',
      };
    case 'failed':
      return { label: 'MAIL FAILED', color: 'red', variant: 'filled', tooltip: failedHint };
    case 'sent':
      return null;
  }
}

// How often a table with an email still waiting asks again, so SENDING turns into the outcome.
const WHILE_SENDING_MS = 2_000;

/** TanStack Query's refetchInterval for a list of links: poll only while an email is queued. */
export function refetchWhileSending(data: { list: LinkMail[] } | undefined) {
  return data?.list.some((row) => mailStatusBadge(row)?.label === SENDING)
    ? WHILE_SENDING_MS
    : false;
}

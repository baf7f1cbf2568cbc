import { INVITE_ROLE_LABELS } from '@resonant/contracts/invitations';
import type { AppDeps } from '../../app-deps.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import type { JobHandler } from '../../jobs/job-worker.ts';
import { linkMailHandler } from '../../lib/link-mail-job.ts';
import {
  formatExpiry,
  headerSafe,
  mailHtml,
  mailText,
  type MailContent,
} from '../../lib/mail-layout.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import {
  findInvitationById,
  findInviterName,
  type InvitationRow,
  setInvitationMailStatus,
  storeInvitationTokenHash,
} from './invitations.queries.ts';

export const INVITATION_MAIL_JOB = 'invitation.mail' satisfies JobKind;
const PROCESS_INVITE_PATH = '/process-invite';

/** The invitation email: who invites, into which organisation and group, as what, until when. */
function invitationMail(
  invitation: InvitationRow,
  inviter: string | null,
  link: string,
): OutgoingMail {
  const sender = inviter ?? `The ${invitation.orgName} team`;
  const where = invitation.groupName
    ? `${invitation.orgName}, in the group ${invitation.groupName},`
    : invitation.orgName;
  const content: MailContent = {
    heading: `You're invited to join ${invitation.orgName}`,
    paragraphs: [
      `Hi ${invitation.firstName},`,
      `${sender} has invited you to join ${where} on Resonant as ${INVITE_ROLE_LABELS[invitation.role]}.`,
      `Open the invitation, sign in or create an account with this email address (${invitation.email}), and accept it. The link works once and expires on ${formatExpiry(invitation.expiresAt)}.`,
    ],
    action: { label: 'View invitation', url: link },
    footnote:
      'If you did not expect this invitation you can ignore this email: nothing happens unless you accept it.',
  };
  return {
    to: invitation.email,
    subject: headerSafe(`${sender} invited you to join ${invitation.orgName} on Resonant`),
    text: mailText(content),
    html: mailHtml(content),
    orgId: invitation.orgId,
  };
}

/** Sends an invitation's mail through the one link-mail job (token made at sending time). */
export function invitationMailHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof INVITATION_MAIL_JOB]> {
  const { db } = deps;
  return linkMailHandler(
    { mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL },
    {
      idOf: (job) => job.payload.invitationId,
      async findSendable(id) {
        const invitation = await findInvitationById(db, id);
        const sendable = invitation?.status === 'pending' && invitation.expiresAt > deps.clock();
        return sendable ? invitation : null;
      },
      storeTokenHash: (id, tokenHash) => storeInvitationTokenHash(db, id, tokenHash),
      setMailStatus: (id, mailStatus) => setInvitationMailStatus(db, id, mailStatus),
      path: PROCESS_INVITE_PATH,
      compose: async (invitation, link) =>
        invitationMail(invitation, await findInviterName(db, invitation.id), link),
    },
  );
}

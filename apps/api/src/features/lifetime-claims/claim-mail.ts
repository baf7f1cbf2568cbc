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
  findClaimById,
  type ClaimRow,
  setClaimMailStatus,
  storeClaimTokenHash,
} from './lifetime-claims.queries.ts';

export const CLAIM_MAIL_JOB = 'lifetime-claim.mail' satisfies JobKind;
export const CLAIM_PATH = '/process-life-time-membership-invite';

/** The claim email: what the membership is, that it binds to one account, and until when. */
function claimMail(claim: ClaimRow, link: string): OutgoingMail {
  const membership = claim.orgName
    ? `a lifetime membership of ${claim.orgName} on Resonant`
    : 'a lifetime membership of Resonant';
  const content: MailContent = {
    heading: 'Your lifetime membership is waiting',
    paragraphs: [
      `You have been given ${membership}.`,
      `Open the link, sign in or create an account with this email address (${claim.email}), and choose Claim Now. The membership is then bound to that account for good and cannot be transferred. The link works once and expires on ${formatExpiry(claim.expiresAt)}.`,
    ],
    action: { label: 'Claim your membership', url: link },
    footnote:
      'If you did not expect this email you can ignore it: nothing happens unless you claim.',
  };
  return {
    to: claim.email,
    subject: headerSafe(
      claim.orgName
        ? `Claim your lifetime membership of ${claim.orgName}`
        : 'Claim your Resonant lifetime membership',
    ),
    text: mailText(content),
    html: mailHtml(content),
    orgId: claim.orgId,
  };
}

/** Sends a claim link through the one link-mail job (token made at sending time). */
export function claimMailHandler(
  deps: AppDeps & { mailer: Mailer },
): JobHandler<JobPayloads[typeof CLAIM_MAIL_JOB]> {
  const { db } = deps;
  return linkMailHandler(
    { mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL },
    {
      idOf: (job) => job.payload.claimId,
      async findSendable(id) {
        const claim = await findClaimById(db, id);
        return claim?.status === 'pending' && claim.expiresAt > deps.clock() ? claim : null;
      },
      storeTokenHash: (id, tokenHash) => storeClaimTokenHash(db, id, tokenHash),
      setMailStatus: (id, mailStatus) => setClaimMailStatus(db, id, mailStatus),
      path: CLAIM_PATH,
      compose: async (claim, link) => claimMail(claim, link),
    },
  );
}

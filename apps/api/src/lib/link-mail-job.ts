import type { MailStatus } from '@resonant/contracts/invitations';
import type { JobHandler } from '../jobs/job-worker.ts';
import type { ClaimedJob } from '../jobs/job-queue.queries.ts';
import { generateToken, hashToken } from './crypto.ts';
import { linkUrl } from './link-tokens.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** What the mail job needs to know about one kind of emailed link (invitations, claim links). */
export type EmailedLink<Row, Payload> = {
  /** The row's id in the job's payload. */
  idOf: (job: ClaimedJob<Payload>) => string;
  /** The row when its link is still to be mailed: pending and unexpired; else null. */
  findSendable: (id: string) => Promise<Row | null>;
  /** Stores the hash of the token about to be mailed; false when the row stopped being pending. */
  storeTokenHash: (id: string, tokenHash: string) => Promise<boolean>;
  setMailStatus: (id: string, status: Exclude<MailStatus, 'queued'>) => Promise<void>;
  /** The route the link opens, e.g. `/process-invite`. */
  path: string;
  compose: (row: Row, link: string) => Promise<OutgoingMail>;
};

/**
 * The job that mails a link. The token is made here, at sending time, so the raw token only ever
 * exists in the mail; each attempt replaces the stored hash, so only the delivered link works.
 */
export function linkMailHandler<Row, Payload>(
  deps: { mailer: Mailer; publicUrl: string },
  link: EmailedLink<Row, Payload>,
): JobHandler<Payload> {
  return {
    async run(job) {
      const id = link.idOf(job);
      // Answered, replaced (a newer job sends it) or expired meanwhile: nothing to send.
      const row = await link.findSendable(id);
      if (!row) return;
      const token = generateToken();
      if (!(await link.storeTokenHash(id, hashToken(token)))) return;
      await deps.mailer.send(await link.compose(row, linkUrl(deps.publicUrl, link.path, token)));
      await link.setMailStatus(id, 'sent');
    },
    async onGaveUp(job) {
      await link.setMailStatus(link.idOf(job), 'failed');
    },
  };
}

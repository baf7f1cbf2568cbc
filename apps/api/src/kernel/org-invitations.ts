import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/client.ts';
import type { JobKind } from '../jobs/job-kinds.ts';
import type { JobWorker } from '../jobs/job-worker.ts';
import { joinOrganisation } from '../lib/join-organisation.queries.ts';
import { linkExpiry, voidTokenHash } from '../lib/link-tokens.ts';
import { audit } from './audit.ts';
import {
  expireStaleInvitationsOf,
  findUnclaimedInvitations,
  insertInvitationsUnlessPending,
  markInvitationAccepted,
} from './org-invitations.queries.ts';

/** The invitations feature's mail job: it makes the link's token when it sends the mail. */
const INVITATION_MAIL_JOB = 'invitation.mail' satisfies JobKind;

/** Someone an organisation adds by email (Add User, the import, Add Organization's admin). */
export type OrgInvitee = {
  email: string;
  firstName: string;
  lastName: string;
  role: 'org' | 'user';
  /** The groups chosen; the first is the invitation's group, the rest are joined with it. */
  groupIds: string[];
};

/**
 * Invites people into an organisation in the caller's transaction, through the invitations'
 * rows and mail (decision 0011): whether or not an address has an account, the organisation gets
 * the same pending invitation, and nobody joins before they accept (or, for an account the
 * organisation made, sign in to it). Answers the invitations stored, by email; an email already
 * pending is left as it is. Call `jobs.kick()` after the commit.
 */
export async function inviteToOrganisation(
  tx: Database,
  deps: Pick<AppDeps, 'clock' | 'config'> & { jobs: JobWorker },
  invite: { orgId: string; invitedBy: string | null; invitees: readonly OrgInvitee[] },
): Promise<Map<string, string>> {
  const now = deps.clock();
  const { orgId } = invite;
  await expireStaleInvitationsOf(
    tx,
    orgId,
    invite.invitees.map((invitee) => invitee.email),
    now,
  );
  const stored = await insertInvitationsUnlessPending(
    tx,
    invite.invitees.map((invitee) => ({
      orgId,
      groupId: invitee.groupIds[0] ?? null,
      moreGroupIds: invitee.groupIds.slice(1),
      email: invitee.email,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      role: invitee.role,
      invitedByAccountId: invite.invitedBy,
      tokenHash: voidTokenHash(),
      expiresAt: linkExpiry(now, deps.config.INVITATION_TTL_DAYS),
      linkIssuedAt: now,
      createdAt: now,
    })),
  );
  for (const { id } of stored) {
    await deps.jobs.enqueue(tx, {
      kind: INVITATION_MAIL_JOB,
      orgId,
      payload: { invitationId: id },
      maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
    });
  }
  return new Map(stored.map(({ email, id }) => [email, id]));
}

/**
 * At the first sign-in to an account an organisation made (Add User, the import, Add
 * Organization), the person takes it with the password they were given: its pending invitation
 * from that organisation is accepted, as SPEC's Add User has them in at once. Nothing happens for
 * any other account or sign-in. The stored context is left alone, so the sign-in lands on the
 * home of the highest role the account holds, as it did when Add User joined it at once.
 */
export async function joinCreatingOrganisation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  accountId: string,
  ip: string,
): Promise<void> {
  const now = deps.clock();
  const pending = await findUnclaimedInvitations(deps.db, accountId, now);
  if (pending.length === 0) return;
  await deps.db.transaction(async (tx) => {
    for (const invitation of pending) {
      if (!(await markInvitationAccepted(tx, invitation.id, accountId, now))) continue;
      const groupId = invitation.groupId;
      await joinOrganisation(tx, {
        orgId: invitation.orgId,
        accountId,
        groupIds: [...(groupId ? [groupId] : []), ...invitation.moreGroupIds],
        orgAdmin: invitation.role === 'org',
        adminOfGroupId: invitation.role === 'group' ? groupId : null,
      });
      await audit(
        tx,
        { orgId: invitation.orgId, accountId, ip },
        'invitation.accept',
        invitation.id,
        {
          role: invitation.role,
          groupId,
          firstSignIn: true,
        },
      );
    }
  });
}

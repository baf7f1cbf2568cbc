import {
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_NOT_VALID_MESSAGE,
  INVITATION_REJECTED_MESSAGE,
  WRONG_ACCOUNT_MESSAGE,
  type InvitationDetails,
  type ProcessInvitationBody,
  type ProcessInvitationResponse,
} from '@resonant/contracts/invitations';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { loadAccountEmail, saveCurrentContext } from '../../kernel/current-user.queries.ts';
import { markEmailVerified } from '../../kernel/accounts.queries.ts';
import { audit } from '../../kernel/audit.ts';
import { hashToken } from '../../lib/crypto.ts';
import { HttpError, forbidden, notFound } from '../../lib/http-error.ts';
import { joinOrganisation } from '../../lib/join-organisation.queries.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { answerPendingInvitation, findInvitationByTokenHash } from './invitations.queries.ts';

const gone = (message: string) => new HttpError(410, message);

/**
 * The pending invitation a link opens: 404 for a bad, tampered, used or replaced link, 410 when
 * it has expired. Only the token's hash is looked up, so the token itself is never stored.
 */
async function openInvitation(deps: AppDeps, token: string) {
  const invitation = await findInvitationByTokenHash(deps.db, hashToken(token));
  if (!invitation || invitation.status !== 'pending') throw notFound(INVITATION_NOT_VALID_MESSAGE);
  if (invitation.expiresAt <= deps.clock()) throw gone(INVITATION_EXPIRED_MESSAGE);
  return invitation;
}

/** What the invite view shows (GET /api/invitation-details); the answer is anyone's to read. */
export async function invitationDetails(
  deps: AppDeps,
  scope: TenantScope,
  { it: token }: { it: string },
): Promise<InvitationDetails> {
  const invitation = await openInvitation(deps, token);
  const email = await loadAccountEmail(deps.db, scope.accountId);
  const inviter = [invitation.invitedByFirstName, invitation.invitedByLastName]
    .filter(Boolean)
    .join(' ');
  return {
    org_name: invitation.orgName,
    group_name: invitation.groupName,
    accountSameAsEmail: email === invitation.email.toLowerCase(),
    role: invitation.role,
    first_name: invitation.firstName,
    invited_by: inviter || null,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

const CONTEXT_OF_ROLE = { org: 'org', group: 'group', user: 'user' } as const;

/**
 * Accepts or rejects an invitation (POST /api/process-invitation), only for the account whose
 * email was invited. Accepting joins the organisation, the Default group and the invited group
 * with the invited role, moves the account into that context and marks the link used, all in one
 * transaction; a second use of the link finds nothing pending (404).
 */
export async function processInvitation(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof ProcessInvitationBody>,
): Promise<ProcessInvitationResponse> {
  const tokenHash = hashToken(body.it);
  const invitation = await openInvitation(deps, body.it);
  const accountId = scope.accountId;
  const email = await loadAccountEmail(deps.db, accountId);
  if (email !== invitation.email.toLowerCase()) throw forbidden(WRONG_ACCOUNT_MESSAGE);

  const now = deps.clock();
  const accepted = body.status === 'accepted';
  await deps.db.transaction(async (tx) => {
    const answered = await answerPendingInvitation(
      tx,
      { id: invitation.id, tokenHash },
      { status: body.status, acceptedByAccountId: accepted ? accountId : null },
      now,
    );
    // Answered, resent or expired between the check above and now.
    if (!answered) throw notFound(INVITATION_NOT_VALID_MESSAGE);

    if (accepted) {
      // Only the invited address received the link: accepting with it proves the address, and an
      // account that never proved its email can take an org role no other way (issue 27).
      if (await markEmailVerified(tx, accountId, invitation.email, now)) {
        await audit(tx, { ...scope, orgId: null }, 'account.email-verified', accountId, {
          by: 'invitation',
        });
      }
      await joinOrganisation(tx, {
        orgId: invitation.orgId,
        accountId,
        groupIds: [...(invitation.groupId ? [invitation.groupId] : []), ...invitation.moreGroupIds],
        orgAdmin: invitation.role === 'org',
        adminOfGroupId: invitation.role === 'group' ? invitation.groupId : null,
      });
      await saveCurrentContext(
        tx,
        accountId,
        {
          orgId: invitation.orgId,
          groupId: invitation.role === 'org' ? null : invitation.groupId,
          type: CONTEXT_OF_ROLE[invitation.role],
        },
        now,
      );
    }
    await audit(
      tx,
      { ...scope, orgId: invitation.orgId },
      accepted ? 'invitation.accept' : 'invitation.reject',
      invitation.id,
      accepted ? { role: invitation.role, groupId: invitation.groupId } : undefined,
    );
  });
  return { message: accepted ? INVITATION_ACCEPTED_MESSAGE : INVITATION_REJECTED_MESSAGE };
}

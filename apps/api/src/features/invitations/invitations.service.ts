import type { z } from 'zod';
import {
  GROUP_NOT_FOUND_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
} from '@resonant/contracts/errors';
import {
  ALREADY_ACCEPTED_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  ALREADY_PENDING_MESSAGE,
  APP_ADMIN_NOT_INVITABLE_MESSAGE,
  DEFAULT_GROUP_NO_ADMIN_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_RESENT_MESSAGE,
  INVITATION_SENT_MESSAGE,
  INVITE_RATE_LIMITED_MESSAGE,
  ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE,
  type Invitation,
  type InvitationGroupsResponse,
  type InvitationListQuery,
  type InvitationListResponse,
  type InvitationSentResponse,
  type InviteBody,
  type InviteRole,
  type SearchOrgsResponse,
} from '@resonant/contracts/invitations';
import type { AppDeps } from '../../app-deps.ts';
import { canInviteRole } from '@resonant/contracts/invitations-policies';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { audit } from '../../kernel/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from '../../lib/http-error.ts';
import { linkExpiry, voidTokenHash } from '../../lib/link-tokens.ts';
import type { WindowCounter } from '../../lib/rate-limit.ts';
import {
  requireInvitationsScope,
  type InvitationsScope,
  type TenantScope,
} from '../../kernel/scope.ts';
import { INVITATION_MAIL_JOB } from './invitation-mail.ts';
import {
  expireStaleInvitations,
  findInvitation,
  findOrganisationName,
  findOrgGroup,
  insertInvitationUnlessPending,
  isOrgMember,
  listInvitations,
  listOrgGroups,
  reopenInvitation,
  searchOrganisations,
  type InvitationRow,
} from './invitations.queries.ts';

export type InvitationsDeps = AppDeps & { jobs: JobWorker; sendsPerOrg: WindowCounter };

const ORG_SEARCH_LIMIT = 20;

/** SPEC §3 "Invitation"; a pending invitation whose link has expired is shown as expired. */
function presentInvitation(row: InvitationRow, now: Date): Invitation {
  const expired = row.status === 'pending' && row.expiresAt <= now;
  return {
    id: row.id,
    email: row.email,
    status: expired ? 'expired' : row.status,
    role: row.role,
    mail_status: row.mailStatus,
    created_at: row.linkIssuedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    state: {
      first_name: row.firstName,
      last_name: row.lastName,
      org_name: row.orgName,
      group_name: row.groupName,
    },
  };
}

/** One page of the invitations the caller manages (GET /api/org/invitation/list). */
export async function listInvitationsPage(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof InvitationListQuery>,
): Promise<InvitationListResponse> {
  const reach = requireInvitationsScope(scope);
  const { rows, total } = await listInvitations(deps.db, reach, {
    limit: query.limit,
    offset: query.offset,
    search: query.search || undefined,
    sort: query.sort,
    order: query.order,
  });
  const now = deps.clock();
  return { list: rows.map((row) => presentInvitation(row, now)), noOfRows: total };
}

/** The organisation an invitation goes to: the caller's own, or any one for the app admin. */
async function targetOrgId(deps: AppDeps, reach: InvitationsScope, requested?: string | null) {
  if (reach.mode !== 'admin') {
    if (requested && requested !== reach.orgId) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    return reach.orgId;
  }
  if (!requested) throw badRequest('orgId: This field is required');
  if (!(await findOrganisationName(deps.db, requested))) {
    throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  }
  return requested;
}

/** The groups an invitee can be put in (GET /api/org/invitation/groups[?org_id]). */
export async function invitationGroups(
  deps: AppDeps,
  scope: TenantScope,
  { org_id: orgId }: { org_id?: string },
): Promise<InvitationGroupsResponse> {
  const reach = requireInvitationsScope(scope);
  // Another organisation's org_id is 404 in every mode, as it is for POST /api/org/invitation.
  const targetOrg = await targetOrgId(deps, reach, orgId);
  if (reach.mode === 'group') {
    const group = await findOrgGroup(deps.db, reach.orgId, reach.groupId);
    return { list: group ? [{ id: group.id, name: group.name, is_default: group.isDefault }] : [] };
  }
  return { list: await listOrgGroups(deps.db, targetOrg) };
}

/** Organisations by name for the app admin's invite dialog (GET /api/org/search_orgs). */
export async function searchOrgs(deps: AppDeps, text: string): Promise<SearchOrgsResponse> {
  return { list: await searchOrganisations(deps.db, text, ORG_SEARCH_LIMIT) };
}

/**
 * The group an invitation names: the current one for group admins, else a group of the org, and
 * never the Default group for a Group Admin (the Groups page allows none there either).
 */
async function targetGroupId(
  deps: AppDeps,
  reach: InvitationsScope,
  orgId: string,
  role: InviteRole,
  requested?: string | null,
) {
  if (reach.mode === 'group') {
    if (requested && requested !== reach.groupId) throw notFound(GROUP_NOT_FOUND_MESSAGE);
    return reach.groupId;
  }
  if (!requested) throw badRequest('groupId: This field is required');
  const group = await findOrgGroup(deps.db, orgId, requested);
  if (!group) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  if (group.isDefault && role === 'group') throw badRequest(DEFAULT_GROUP_NO_ADMIN_MESSAGE);
  return requested;
}

/** The checks every send (a new invitation or a resend) passes before anything is written. */
async function assertInvitable(deps: InvitationsDeps, orgId: string, email: string) {
  if (email === deps.config.APP_ADMIN_EMAIL) throw conflict(APP_ADMIN_NOT_INVITABLE_MESSAGE);
  if (await isOrgMember(deps.db, orgId, email)) throw conflict(ALREADY_MEMBER_MESSAGE);
  const sends = await deps.sendsPerOrg.hit(orgId);
  if (sends.limited) throw tooManyRequests(INVITE_RATE_LIMITED_MESSAGE, sends.retryAfterSeconds);
}

async function presentOne(deps: AppDeps, reach: InvitationsScope, invitationId: string) {
  const row = await findInvitation(deps.db, reach, invitationId);
  if (!row) throw new Error('the invitation just written was not found');
  return presentInvitation(row, deps.clock());
}

/**
 * Invites a person (POST /api/org/invitation): checks the mode's rules (SPEC §5 "Invite"),
 * refuses members and a second pending invitation, then stores the invitation and queues its
 * mail in one transaction. The link's token is made when the mail is sent (`invitation-mail.ts`).
 */
export async function invite(
  deps: InvitationsDeps,
  scope: TenantScope,
  body: z.output<typeof InviteBody>,
): Promise<InvitationSentResponse> {
  const reach = requireInvitationsScope(scope);
  if (!canInviteRole(reach.mode, body.role)) throw forbidden(ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE);
  const orgId = await targetOrgId(deps, reach, body.orgId);
  const groupId = await targetGroupId(deps, reach, orgId, body.role, body.groupId);
  await assertInvitable(deps, orgId, body.email);

  const now = deps.clock();
  const invitationId = await deps.db.transaction(async (tx) => {
    await expireStaleInvitations(tx, orgId, body.email, now);
    const createdId = await insertInvitationUnlessPending(tx, {
      orgId,
      groupId,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      role: body.role,
      invitedByAccountId: reach.accountId,
      tokenHash: voidTokenHash(),
      expiresAt: linkExpiry(now, deps.config.INVITATION_TTL_DAYS),
      linkIssuedAt: now,
      createdAt: now,
    });
    if (!createdId) throw conflict(ALREADY_PENDING_MESSAGE);
    await deps.jobs.enqueue(tx, {
      kind: INVITATION_MAIL_JOB,
      orgId,
      payload: { invitationId: createdId },
      maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
    });
    await audit(tx, { ...scope, orgId }, 'invitation.create', createdId, {
      role: body.role,
      groupId,
      mode: reach.mode,
    });
    return createdId;
  });
  deps.jobs.kick();
  return {
    message: INVITATION_SENT_MESSAGE,
    invitation: await presentOne(deps, reach, invitationId),
  };
}

/**
 * Resends an invitation (PUT /api/org/invitation): a fresh expiry and a new link; the old link
 * stops working at once, before the new mail is even sent.
 */
export async function resend(
  deps: InvitationsDeps,
  scope: TenantScope,
  { magicLinkId: invitationId }: { magicLinkId: string },
): Promise<InvitationSentResponse> {
  const reach = requireInvitationsScope(scope);
  const row = await findInvitation(deps.db, reach, invitationId);
  if (!row) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  if (row.status === 'accepted') throw conflict(ALREADY_ACCEPTED_MESSAGE);
  await assertInvitable(deps, row.orgId, row.email);

  const now = deps.clock();
  try {
    await deps.db.transaction(async (tx) => {
      await expireStaleInvitations(tx, row.orgId, row.email, now, row.id);
      await reopenInvitation(tx, row, {
        tokenHash: voidTokenHash(),
        expiresAt: linkExpiry(now, deps.config.INVITATION_TTL_DAYS),
        issuedAt: now,
      });
      await deps.jobs.enqueue(tx, {
        kind: INVITATION_MAIL_JOB,
        orgId: row.orgId,
        payload: { invitationId: row.id },
        maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
      });
      await audit(tx, { ...scope, orgId: row.orgId }, 'invitation.resend', row.id);
    });
  } catch (error) {
    // Another invitation to the same email is pending (this one was rejected meanwhile).
    if (isUniqueViolation(error)) throw conflict(ALREADY_PENDING_MESSAGE);
    throw error;
  }
  deps.jobs.kick();
  return { message: INVITATION_RESENT_MESSAGE, invitation: await presentOne(deps, reach, row.id) };
}

import type { z } from 'zod';
import {
  GROUP_NOT_FOUND_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
} from '@resonant/contracts/errors';
import {
  ACTIVE_USER_DAYS,
  ALREADY_MEMBER_OR_INVITED_MESSAGE,
  APP_ADMIN_CANNOT_JOIN_MESSAGE,
  CANNOT_DROP_OWN_ADMIN_MESSAGE,
  CANNOT_REMOVE_SELF_MESSAGE,
  LIFETIME_PAYER_MESSAGE,
  PAYER_CHANGED_MESSAGE,
  PROFILE_NOT_EDITABLE_MESSAGE,
  SELECT_AT_LEAST_ONE_MESSAGE,
  USER_INVITED_MESSAGE,
  USER_REMOVED_MESSAGE,
  USER_UPDATED_MESSAGE,
  type AddOrgUserBody,
  type AddOrgUserResponse,
  type ChangePayerResponse,
  type OrgMembersQuery,
  type OrgMembersResponse,
  type OrgUsersQuery,
  type OrgUsersResponse,
  type RemoveOrgUserQuery,
  type UpdateOrgUserBody,
  type UserGroupsResponse,
  type UsersStatsResponse,
} from '@resonant/contracts/org-users';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { readTransportedPassword } from '../../lib/password-transport.ts';
import { presentOrgUser } from '../../lib/org-user-row.ts';
import { currentSeats, recordPayerChange } from '../../lib/seats.queries.ts';
import { endOrgMembership } from '../../kernel/org-membership.ts';
import {
  requireMembersScope,
  requireUsersScope,
  type MembersScope,
  type ReachScope,
  type TenantScope,
  type UsersScope,
} from '../../kernel/scope.ts';
import { enrolUsers, type EnrolDeps } from './enrol-users.ts';
import {
  canEditAccountProfile,
  canRemoveUser,
  canSetOrgAdmin,
} from '@resonant/contracts/org-users-policies';
import {
  countOrgUsers,
  findAccountProfile,
  findDefaultGroupId,
  findMembership,
  findOrgGroups,
  listMemberGroups,
  listOrgGroups,
  listOrgMembers,
  listOrgUsers,
  orgExists,
  replaceMemberGroups,
  setOrgRole,
  togglePayer,
  updateMemberProfile,
  type ProfileChanges,
} from './org-users.queries.ts';

async function assertGroupInScope(deps: AppDeps, users: ReachScope, groupId: string) {
  const inScope = users.groupId
    ? groupId === users.groupId
    : (await findOrgGroups(deps.db, users, [groupId])).length === 1;
  if (!inScope) throw notFound(GROUP_NOT_FOUND_MESSAGE);
}

/**
 * The members a list shows (auth/scope.ts requireMembersScope): the organisation the app admin
 * names (404 when there is none), the caller's own organisation or current group otherwise, where
 * an `orgId` of another organisation is 404.
 */
async function membersScope(
  deps: AppDeps,
  scope: TenantScope,
  orgId: string | undefined,
  openToAppAdmin: boolean,
): Promise<MembersScope> {
  const members = requireMembersScope(scope, orgId, openToAppAdmin);
  const found =
    members.mode === 'admin'
      ? await orgExists(deps.db, members)
      : !orgId || orgId === members.orgId;
  if (!found) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  return members;
}

/**
 * One page of users (SPEC §7 GET /org/users): the whole organisation for an org admin, only the
 * current group for a group admin, the admins of the organisation named by `orgId` for the app
 * admin (`type=allAdmins` only). An org or group id outside the caller's reach is 404.
 */
export async function listUsers(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof OrgUsersQuery>,
): Promise<OrgUsersResponse> {
  const users = await membersScope(deps, scope, query.orgId, query.type === 'allAdmins');
  if (query.groupId) await assertGroupInScope(deps, users, query.groupId);
  const { rows, total } = await listOrgUsers(deps.db, users, {
    type: query.type,
    groupId: query.groupId,
    search: query.search || undefined,
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  return { list: rows.map((row) => presentOrgUser(row, users)), noOfRows: total };
}

/**
 * Every member, unpaged, by name (SPEC §7 GET /v2/org/users): of the organisation (of `groupId`
 * when given) for an org admin and for the app admin, which names it with `orgId`; of the current
 * group for a group admin. A group or org outside the caller's reach is 404.
 */
export async function listMembers(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof OrgMembersQuery>,
): Promise<OrgMembersResponse> {
  const members = await membersScope(deps, scope, query.orgId, true);
  if (query.groupId) await assertGroupInScope(deps, members, query.groupId);
  const rows = await listOrgMembers(deps.db, members, query.groupId);
  return {
    list: rows.map((row) => ({
      user_id: row.userId,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      org_id: row.orgId,
      is_admin: row.isAdmin,
      is_external: row.isExternal,
    })),
  };
}

/**
 * The four stat cards (SPEC §3 "User stats"): active = a reading or session within the last
 * ACTIVE_USER_DAYS days (the spec's "weekly active", from last_activity_at), internal = seat paid
 * by the org, external = paid by the member, total = every member; and the current billing
 * period [billing_from, billing_to) with its seats so far, counted as its invoice will count them.
 */
export async function usersStats(deps: AppDeps, scope: TenantScope): Promise<UsersStatsResponse> {
  const users = requireUsersScope(scope, 'stats');
  const now = deps.clock();
  const since = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000);
  const counts = await countOrgUsers(deps.db, users, since);
  const current = await currentSeats(deps.db, users.orgId, now);
  return {
    total_active_users: counts.active,
    total_internal_users: counts.internal,
    total_external_users: counts.external,
    total: counts.total,
    seats: current.seats,
    billing_from: current.period.start,
    billing_to: current.period.end,
  };
}

/**
 * The groups a user is put in: those chosen (all of the org, at least one) in org mode, the
 * caller's current group in group mode; the Default group always.
 */
async function groupsToJoin(deps: AppDeps, users: UsersScope, requested: readonly string[]) {
  const defaultGroupId = await findDefaultGroupId(deps.db, users);
  // The chosen group first: it is the invitation's group (decision 0011's invitation rows).
  if (users.groupId) return [...new Set([users.groupId, defaultGroupId])];
  const chosen = [...new Set(requested)];
  if (chosen.length === 0) throw badRequest(`groupIds: ${SELECT_AT_LEAST_ONE_MESSAGE}`);
  const found = await findOrgGroups(deps.db, users, chosen);
  if (found.length !== chosen.length) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  return [...new Set([...chosen, defaultGroupId])];
}

/**
 * Adds a user (SPEC §7 POST /org/users) as an invitation (issue 27, "joining is consent"): the
 * person joins the chosen groups and Default when they accept it or, for a new email whose
 * account this adds, sign in with the password typed here. The answer is the same whether or not
 * the email has an account; 409 when the person is a member or invited already.
 */
export async function addUser(
  deps: EnrolDeps,
  scope: TenantScope,
  body: z.output<typeof AddOrgUserBody>,
): Promise<AddOrgUserResponse> {
  const users = requireUsersScope(scope, 'add');
  const password = await readTransportedPassword(deps.db, body.password);
  if (body.email === deps.config.APP_ADMIN_EMAIL) throw conflict(APP_ADMIN_CANNOT_JOIN_MESSAGE);
  const groupIds = await groupsToJoin(deps, users, body.groupIds);
  const [outcome] = await enrolUsers(deps, { orgId: users.orgId, invitedBy: users.accountId }, [
    {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      gender: body.gender,
      birthDate: body.birthDate,
      password,
      groupIds,
    },
  ]);
  if (!outcome) throw new Error('enrolUsers answered no outcome');
  if (outcome.status === 'skipped') throw conflict(ALREADY_MEMBER_OR_INVITED_MESSAGE);
  await audit(deps.db, scope, 'invitation.create', outcome.invitationId, {
    role: 'user',
    groupIds,
    mode: users.mode,
    via: 'add-user',
  });
  return { message: USER_INVITED_MESSAGE, status: 'invited' };
}

/**
 * Whether the edit changes the member's account-wide profile, which only its person may do, or
 * the organisation that created the account until the person claims it (issue 27): 403 for any
 * other change. Unchanged details (the dialog shows them read-only) pass.
 */
async function profileChangesAllowed(
  deps: AppDeps,
  users: UsersScope,
  accountId: string,
  profile: ProfileChanges,
): Promise<boolean> {
  const current = await findAccountProfile(deps.db, accountId);
  if (!current) throw notFound(USER_NOT_FOUND_MESSAGE);
  const changes =
    current.firstName !== profile.firstName ||
    current.lastName !== profile.lastName ||
    current.gender !== profile.gender ||
    current.birthDate !== profile.birthDate;
  const ownership = {
    isOwner: accountId === users.accountId,
    createdByThisOrg: current.createdByOrgId === users.orgId,
    claimed: current.claimed,
  };
  if (changes && !canEditAccountProfile(ownership)) throw forbidden(PROFILE_NOT_EDITABLE_MESSAGE);
  return changes;
}

/**
 * Edits a user (SPEC §7 PUT /org/users): personal details in both modes; in org mode also the
 * groups (Default kept) and the org admin role, which nobody can take from themselves.
 */
export async function updateUser(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof UpdateOrgUserBody>,
) {
  const users = requireUsersScope(scope, 'edit');
  const member = await findMembership(deps.db, users, body.userId);
  if (!member) throw notFound(USER_NOT_FOUND_MESSAGE);
  let groupIds: string[] | null = null;
  let role: 'admin' | 'member' | null = null;
  // Group admins change personal details only; their groups and roles are not theirs to set.
  if (users.mode === 'org') {
    groupIds = await groupsToJoin(deps, users, body.groupIds ?? []);
    if (body.isAdmin !== undefined) {
      if (!canSetOrgAdmin(users.accountId, body.userId, body.isAdmin)) {
        throw forbidden(CANNOT_DROP_OWN_ADMIN_MESSAGE);
      }
      role = body.isAdmin ? 'admin' : 'member';
    }
  }
  const profile = {
    firstName: body.firstName,
    lastName: body.lastName,
    gender: body.gender,
    birthDate: body.birthDate,
  };
  const profileChanges = await profileChangesAllowed(deps, users, body.userId, profile);
  await deps.db.transaction(async (tx) => {
    if (profileChanges) await updateMemberProfile(tx, body.userId, profile, deps.clock());
    if (role && role !== member.role) await setOrgRole(tx, users, body.userId, role);
    if (groupIds) await replaceMemberGroups(tx, users, body.userId, groupIds);
    await audit(tx, scope, 'org-user.update', body.userId, { mode: users.mode, role, groupIds });
  });
  return { message: USER_UPDATED_MESSAGE, user_id: body.userId };
}

/**
 * Removes a user from the organisation (SPEC §7 DELETE /org/users): its org and group memberships
 * go, the account and its recordings stay. Nobody removes themselves.
 */
export async function removeUser(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof RemoveOrgUserQuery>,
) {
  const users = requireUsersScope(scope, 'remove');
  if (!canRemoveUser(users.accountId, query.userId)) throw forbidden(CANNOT_REMOVE_SELF_MESSAGE);
  const member = await findMembership(deps.db, users, query.userId);
  if (!member) throw notFound(USER_NOT_FOUND_MESSAGE);
  await deps.db.transaction(async (tx) => {
    await endOrgMembership(tx, { orgId: users.orgId, accountId: query.userId }, deps.clock());
    await audit(tx, scope, 'org-user.remove', query.userId, {
      role: member.role,
      payer: member.payer,
      isExternal: member.isExternal,
    });
  });
  return { message: USER_REMOVED_MESSAGE, user_id: query.userId };
}

/**
 * Switches who pays a member's seat between the org and the member (SPEC §4 "Payer"). A lifetime
 * membership has no payer: answered `success: false` as the spec's "no success" case.
 */
export async function changePayer(
  deps: AppDeps,
  scope: TenantScope,
  { user_id: userId }: { user_id: string },
): Promise<ChangePayerResponse> {
  const users = requireUsersScope(scope, 'change-payer');
  const member = await findMembership(deps.db, users, userId);
  if (!member) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (member.lifetime) return { success: false, message: LIFETIME_PAYER_MESSAGE };
  const payer = await deps.db.transaction(async (tx) => {
    const next = await togglePayer(tx, users, userId);
    if (next) {
      const before = next === 'org' ? 'user' : 'org';
      const change = { orgId: users.orgId, accountId: userId, before, after: next } as const;
      await recordPayerChange(tx, change, deps.clock());
    }
    await audit(tx, scope, 'org-user.change-payer', userId, { payer: next });
    return next;
  });
  if (!payer) return { success: false, message: USER_NOT_FOUND_MESSAGE };
  return { success: true, message: PAYER_CHANGED_MESSAGE };
}

/** The groups a member of the organisation is in (SPEC §7 GET /org/user_groups/{userId}). */
export async function userGroups(
  deps: AppDeps,
  scope: TenantScope,
  { userId }: { userId: string },
): Promise<UserGroupsResponse> {
  const users = requireUsersScope(scope, 'read-groups');
  if (!(await findMembership(deps.db, users, userId))) throw notFound(USER_NOT_FOUND_MESSAGE);
  const rows = await listMemberGroups(deps.db, users, userId);
  return {
    items: rows.map((row) => ({
      group_id: row.id,
      group_name: row.name,
      is_default: row.isDefault,
    })),
  };
}

/** Every group of the organisation a user can be put in (the Add/Edit User group choice). */
export async function groupOptions(deps: AppDeps, scope: TenantScope): Promise<UserGroupsResponse> {
  const users = requireUsersScope(scope, 'choose-groups');
  const rows = await listOrgGroups(deps.db, users);
  return {
    items: rows.map((row) => ({
      group_id: row.id,
      group_name: row.name,
      is_default: row.isDefault,
    })),
  };
}

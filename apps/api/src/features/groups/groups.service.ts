import { GROUP_NOT_FOUND_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  ADMIN_NOT_FOUND_MESSAGE,
  DEFAULT_GROUP_PROTECTED_MESSAGE,
  GROUP_NAME_TAKEN_MESSAGE,
  LAST_GROUP_ADMIN_MESSAGE,
  ORG_ADMIN_AS_GROUP_ADMIN_MESSAGE,
  USER_SEARCH_LIMIT,
  type GroupAdmin,
  type GroupSummary,
  type GroupUser,
} from '@resonant/contracts/groups';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { audit } from '../../kernel/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { requireOrg, type OrgScope, type TenantScope } from '../../kernel/scope.ts';
import {
  clearGroupAdmin,
  deleteGroupKeepingMembers,
  findGroup,
  insertGroup,
  isGroupAdmin,
  isGroupNameTaken,
  lockGroup,
  selectAdminCandidates,
  selectGroupAdmins,
  selectGroupRmssdAverages,
  selectGroups,
  selectOrgMembers,
  selectShownAdminIds,
  updateGroupName,
  upsertGroupAdmins,
  type GroupMember,
  type GroupRow,
} from './groups.queries.ts';

type Deps = Pick<AppDeps, 'db'>;

/** SPEC §4 group row: avg_rmssd only when asked for (else null). */
function presentGroup(group: GroupRow, avgRmssd: number | null): GroupSummary {
  return {
    id: group.id,
    name: group.name,
    org_id: group.orgId,
    is_default: group.isDefault,
    members: group.members,
    avg_rmssd: avgRmssd,
  };
}

/** A member as the group pages list them (admins, admin picker). */
function presentGroupUser(member: GroupMember): GroupUser {
  return {
    user_id: member.accountId,
    first_name: member.firstName,
    last_name: member.lastName,
    email: member.email,
  };
}

/** A group of the org that may be changed: 404 outside the org, 403 for the Default group. */
type LockedGroup = NonNullable<Awaited<ReturnType<typeof lockGroup>>>;

async function lockChangeableGroup(
  db: Database,
  org: OrgScope,
  groupId: string,
): Promise<LockedGroup> {
  const group = await lockGroup(db, org, groupId);
  if (!group) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  if (group.isDefault) throw forbidden(DEFAULT_GROUP_PROTECTED_MESSAGE);
  return group;
}

/**
 * Runs a change to one group of the caller's organisation (never Default) in a transaction that
 * holds the group's row locked: 404 for a group outside the org, 403 for Default.
 */
async function changeGroup(
  db: Database,
  scope: TenantScope,
  groupId: string,
  change: (tx: Database, org: OrgScope, group: LockedGroup) => Promise<void>,
): Promise<void> {
  const org = requireOrg(scope);
  await db.transaction(async (tx) => change(tx, org, await lockChangeableGroup(tx, org, groupId)));
}

/** Checks that every account is a member of the org who may be a group admin (404, then 400). */
async function assertAdminCandidates(db: Database, org: OrgScope, accountIds: string[]) {
  const members = await selectOrgMembers(db, org, accountIds);
  if (members.length !== accountIds.length) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (members.some((member) => member.isOrgAdmin)) {
    throw badRequest(ORG_ADMIN_AS_GROUP_ADMIN_MESSAGE);
  }
}

/** The org's groups, Default first; with `rmssd` each carries its members' mean RMSSD. */
export async function listGroups(
  { db }: Deps,
  scope: TenantScope,
  query: { rmssd?: boolean },
): Promise<GroupSummary[]> {
  const org = requireOrg(scope);
  const list = await selectGroups(db, org);
  const averages = query.rmssd ? await selectGroupRmssdAverages(db, org) : undefined;
  return list.map((group) => presentGroup(group, averages?.get(group.id) ?? null));
}

/** Creates a group whose admins (org members) become its first members; 409 on a taken name. */
export async function createGroup(
  { db }: Deps,
  scope: TenantScope,
  input: { name: string; adminUserIds: string[] },
): Promise<void> {
  const org = requireOrg(scope);
  const adminIds = [...new Set(input.adminUserIds)];
  await db.transaction(async (tx) => {
    await assertAdminCandidates(tx, org, adminIds);
    const groupId = await insertGroup(tx, org, input.name);
    if (!groupId) throw conflict(GROUP_NAME_TAKEN_MESSAGE);
    await upsertGroupAdmins(tx, org, groupId, adminIds);
    await audit(tx, scope, 'group.create', groupId, { name: input.name, adminUserIds: adminIds });
  });
}

/** Renames a group of the org (never Default); 409 when another group has the name. */
export async function renameGroup(
  { db }: Deps,
  scope: TenantScope,
  input: { groupId: string; name: string },
): Promise<void> {
  try {
    await changeGroup(db, scope, input.groupId, async (tx, org, group) => {
      if (group.name === input.name) return;
      if (await isGroupNameTaken(tx, org, input.name, group.id)) {
        throw conflict(GROUP_NAME_TAKEN_MESSAGE);
      }
      await updateGroupName(tx, org, group.id, input.name);
      await audit(tx, scope, 'group.rename', group.id, { from: group.name, to: input.name });
    });
  } catch (error) {
    // Two renames to the same name at once: the unique index lets one win.
    if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN_MESSAGE);
    throw error;
  }
}

/** Deletes a group of the org (never Default); its members stay in the org and in Default. */
export async function deleteGroup(
  { db }: Deps,
  scope: TenantScope,
  query: { groupId: string },
): Promise<void> {
  await changeGroup(db, scope, query.groupId, async (tx, org, group) => {
    await deleteGroupKeepingMembers(tx, org, group.id);
    await audit(tx, scope, 'group.delete', group.id, { name: group.name });
  });
}

/** The group's admins without the org admins; 404 for a group outside the org. */
export async function listGroupAdmins(
  { db }: Deps,
  scope: TenantScope,
  query: { groupId: string },
): Promise<GroupAdmin[]> {
  const org = requireOrg(scope);
  if (!(await findGroup(db, org, query.groupId))) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  const admins = await selectGroupAdmins(db, org, query.groupId);
  return admins.map((admin) => ({ ...presentGroupUser(admin), org_id: admin.orgId }));
}

/** Makes an org member an admin (and member) of a group; already an admin is fine. */
export async function addGroupAdmin(
  { db }: Deps,
  scope: TenantScope,
  input: { groupId: string; userId: string },
): Promise<void> {
  await changeGroup(db, scope, input.groupId, async (tx, org, group) => {
    await assertAdminCandidates(tx, org, [input.userId]);
    await upsertGroupAdmins(tx, org, group.id, [input.userId]);
    await audit(tx, scope, 'group.admin.add', group.id, { userId: input.userId });
  });
}

/** Takes a user's admin role in a group away (they stay a member); never the last admin. */
export async function removeGroupAdmin(
  { db }: Deps,
  scope: TenantScope,
  input: { groupId: string; userId: string },
): Promise<void> {
  await changeGroup(db, scope, input.groupId, async (tx, org, group) => {
    if (!(await isGroupAdmin(tx, org, group.id, input.userId))) {
      throw notFound(ADMIN_NOT_FOUND_MESSAGE);
    }
    // The group row is locked, so two removals cannot both see a second admin left.
    const shown = await selectShownAdminIds(tx, org, group.id);
    if (shown.includes(input.userId) && shown.length <= 1) {
      throw badRequest(LAST_GROUP_ADMIN_MESSAGE);
    }
    await clearGroupAdmin(tx, org, group.id, input.userId);
    await audit(tx, scope, 'group.admin.remove', group.id, { userId: input.userId });
  });
}

/**
 * Users for the searchable picker: org members who may become group admins, matching the keyword,
 * and with `groupId` only those not yet admins of that group (404 for a group outside the org).
 */
export async function searchGroupUsers(
  { db }: Deps,
  scope: TenantScope,
  query: { groupId?: string; keyword?: string },
): Promise<GroupUser[]> {
  const org = requireOrg(scope);
  const options = { keyword: query.keyword, notAdminOf: query.groupId, limit: USER_SEARCH_LIMIT };
  if (query.groupId && !(await findGroup(db, org, query.groupId))) {
    throw notFound(GROUP_NOT_FOUND_MESSAGE);
  }
  return (await selectAdminCandidates(db, org, options)).map(presentGroupUser);
}

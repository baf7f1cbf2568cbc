import { and, asc, count, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { OrgScope } from '../../kernel/scope.ts';
import { memberMatches } from '../../lib/member-search.ts';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { groupMemberships, groups, orgMemberships } from '../../db/schema/organisations.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';

// A group membership only counts while its account is still a member of the organisation.
const stillInOrg = and(
  eq(orgMemberships.orgId, groupMemberships.orgId),
  eq(orgMemberships.accountId, groupMemberships.accountId),
);

/** A member as the group pages list them: who they are and how to reach them. */
const memberColumns = {
  accountId: accounts.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: accounts.email,
};

export type GroupMember = { accountId: string; firstName: string; lastName: string; email: string };

const byName = [
  asc(sql`lower(${profiles.firstName})`),
  asc(sql`lower(${profiles.lastName})`),
  asc(accounts.email),
];

/** A group of the org with its member count. */
export type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number];

/** The org's groups, Default first, then by name, with their member counts. */
export async function selectGroups(db: Database, scope: OrgScope) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      orgId: groups.orgId,
      isDefault: groups.isDefault,
      members: count(orgMemberships.id),
    })
    .from(groups)
    .leftJoin(groupMemberships, eq(groupMemberships.groupId, groups.id))
    .leftJoin(orgMemberships, stillInOrg)
    .where(eq(groups.orgId, scope.orgId))
    .groupBy(groups.id)
    .orderBy(sql`${groups.isDefault} desc`, asc(sql`lower(${groups.name})`), asc(groups.id));
}

/**
 * Per group of the org: the mean of its members' all-time mean RMSSD, from the daily rollups
 * (DESIGN §5: members without readings left out, so one keen member does not outweigh the rest).
 */
export async function selectGroupRmssdAverages(
  db: Database,
  scope: OrgScope,
): Promise<Map<string, number>> {
  const memberMeans = db
    .select({
      accountId: memberDailyRollups.accountId,
      mean: sql<number>`sum(${memberDailyRollups.rmssdSum}) / sum(${memberDailyRollups.rmssdCount})`.as(
        'mean',
      ),
    })
    .from(memberDailyRollups)
    .where(and(eq(memberDailyRollups.orgId, scope.orgId), gt(memberDailyRollups.rmssdCount, 0)))
    .groupBy(memberDailyRollups.accountId)
    .as('member_means');
  const rows = await db
    .select({
      groupId: groupMemberships.groupId,
      average: sql<number>`avg(${memberMeans.mean})`.mapWith(Number),
    })
    .from(groupMemberships)
    .innerJoin(orgMemberships, stillInOrg)
    .innerJoin(memberMeans, eq(memberMeans.accountId, groupMemberships.accountId))
    .where(eq(groupMemberships.orgId, scope.orgId))
    .groupBy(groupMemberships.groupId);
  return new Map(rows.map((row) => [row.groupId, row.average]));
}

const groupOf = (db: Database, scope: OrgScope, groupId: string) =>
  db
    .select({ id: groups.id, name: groups.name, isDefault: groups.isDefault })
    .from(groups)
    .where(and(eq(groups.orgId, scope.orgId), eq(groups.id, groupId)));

/** A group of the org, or null (another org's group is simply not found). */
export async function findGroup(db: Database, scope: OrgScope, groupId: string) {
  const [group] = await groupOf(db, scope, groupId);
  return group ?? null;
}

/**
 * A group of the org, locked until the transaction ends so changes to one group run one after
 * another (the last-admin rule counts admins and must not race with another removal).
 */
export async function lockGroup(db: Database, scope: OrgScope, groupId: string) {
  const [group] = await groupOf(db, scope, groupId).for('update');
  return group ?? null;
}

/** Whether another group of the org already has this name, ignoring case. */
export async function isGroupNameTaken(
  db: Database,
  scope: OrgScope,
  name: string,
  exceptGroupId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.orgId, scope.orgId),
        eq(sql`lower(${groups.name})`, sql`lower(${name})`),
        exceptGroupId ? ne(groups.id, exceptGroupId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Creates a group in the org; null when the name is taken (the unique index decides). */
export async function insertGroup(
  db: Database,
  scope: OrgScope,
  name: string,
): Promise<string | null> {
  const [group] = await db
    .insert(groups)
    .values({ orgId: scope.orgId, name })
    .onConflictDoNothing()
    .returning({ id: groups.id });
  return group?.id ?? null;
}

export async function updateGroupName(
  db: Database,
  scope: OrgScope,
  groupId: string,
  name: string,
) {
  await db
    .update(groups)
    .set({ name })
    .where(and(eq(groups.orgId, scope.orgId), eq(groups.id, groupId)));
}

/**
 * Before a group goes, its members join the org's Default group if they are not in it yet, so
 * deleting a group never leaves a member without a group; then the group and (by cascade) its
 * memberships are deleted.
 */
export async function deleteGroupKeepingMembers(db: Database, scope: OrgScope, groupId: string) {
  await db.execute(sql`
    insert into ${groupMemberships} (org_id, group_id, account_id)
    select ${scope.orgId}, d.id, m.account_id
    from ${groupMemberships} m
    join ${groups} d on d.org_id = ${scope.orgId} and d.is_default
    where m.org_id = ${scope.orgId} and m.group_id = ${groupId}
    on conflict (group_id, account_id) do nothing`);
  await db.delete(groups).where(and(eq(groups.orgId, scope.orgId), eq(groups.id, groupId)));
}

/** The org memberships of these accounts (accounts outside the org are simply absent). */
export async function selectOrgMembers(db: Database, scope: OrgScope, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: orgMemberships.accountId,
      isOrgAdmin: sql<boolean>`${orgMemberships.role} = 'admin'`,
    })
    .from(orgMemberships)
    .where(
      and(eq(orgMemberships.orgId, scope.orgId), inArray(orgMemberships.accountId, accountIds)),
    );
}

/** Makes org members admins of a group, adding them to the group when they are not in it. */
export async function upsertGroupAdmins(
  db: Database,
  scope: OrgScope,
  groupId: string,
  accountIds: string[],
) {
  if (accountIds.length === 0) return;
  await db
    .insert(groupMemberships)
    .values(
      accountIds.map((accountId) => ({ orgId: scope.orgId, groupId, accountId, isAdmin: true })),
    )
    .onConflictDoUpdate({
      target: [groupMemberships.groupId, groupMemberships.accountId],
      set: { isAdmin: true },
    });
}

/** Takes the admin flag away; the account stays a member of the group. */
export async function clearGroupAdmin(
  db: Database,
  scope: OrgScope,
  groupId: string,
  accountId: string,
) {
  await db
    .update(groupMemberships)
    .set({ isAdmin: false })
    .where(
      and(
        eq(groupMemberships.orgId, scope.orgId),
        eq(groupMemberships.groupId, groupId),
        eq(groupMemberships.accountId, accountId),
      ),
    );
}

// The admins the product shows: org admins already manage every group, so they are left out.
const shownAdminsOf = (scope: OrgScope, groupId: string) =>
  and(
    eq(groupMemberships.orgId, scope.orgId),
    eq(groupMemberships.groupId, groupId),
    eq(groupMemberships.isAdmin, true),
    eq(orgMemberships.role, 'member'),
  );

/** The group's admins without the org admins, by name (SPEC §2 "Manage group"). */
export async function selectGroupAdmins(
  db: Database,
  scope: OrgScope,
  groupId: string,
): Promise<(GroupMember & { orgId: string })[]> {
  return db
    .select({ ...memberColumns, orgId: groupMemberships.orgId })
    .from(groupMemberships)
    .innerJoin(orgMemberships, stillInOrg)
    .innerJoin(accounts, eq(accounts.id, groupMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(shownAdminsOf(scope, groupId))
    .orderBy(...byName);
}

/** The shown admin ids of a group (see selectGroupAdmins), for the last-admin rule. */
export async function selectShownAdminIds(
  db: Database,
  scope: OrgScope,
  groupId: string,
): Promise<string[]> {
  const rows = await db
    .select({ accountId: groupMemberships.accountId })
    .from(groupMemberships)
    .innerJoin(orgMemberships, stillInOrg)
    .where(shownAdminsOf(scope, groupId));
  return rows.map((row) => row.accountId);
}

/** Whether the account is an admin of the group (shown or not). */
export async function isGroupAdmin(
  db: Database,
  scope: OrgScope,
  groupId: string,
  accountId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ isAdmin: groupMemberships.isAdmin })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.orgId, scope.orgId),
        eq(groupMemberships.groupId, groupId),
        eq(groupMemberships.accountId, accountId),
      ),
    );
  return row?.isAdmin ?? false;
}

/**
 * Members of the org who may become group admins (not org admins), by name: those matching the
 * keyword (first name, last name, full name or email, ignoring case), and when `notAdminOf` is
 * given only those not yet admins of that group.
 */
export async function selectAdminCandidates(
  db: Database,
  scope: OrgScope,
  options: { keyword?: string; notAdminOf?: string; limit: number },
): Promise<GroupMember[]> {
  const conditions: (SQL | undefined)[] = [
    eq(orgMemberships.orgId, scope.orgId),
    eq(orgMemberships.role, 'member'),
  ];
  if (options.keyword) conditions.push(memberMatches(options.keyword));
  if (options.notAdminOf) {
    conditions.push(sql`not exists (
      select 1 from ${groupMemberships}
      where ${groupMemberships.orgId} = ${scope.orgId}
        and ${groupMemberships.groupId} = ${options.notAdminOf}
        and ${groupMemberships.accountId} = ${orgMemberships.accountId}
        and ${groupMemberships.isAdmin})`);
  }
  return db
    .select(memberColumns)
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(...conditions))
    .orderBy(...byName)
    .limit(options.limit);
}

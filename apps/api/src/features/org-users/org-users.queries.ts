import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@resonant/contracts/fields';
import type { OrgUserListType, OrgUsersSort } from '@resonant/contracts/org-users';
import { listOrder } from '../../lib/list-order.ts';
import { memberMatches } from '../../lib/member-search.ts';
import { orgUserColumns } from '../../lib/org-user-row.ts';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../../db/schema/organisations.ts';
import type { ReachScope, UsersScope } from '../../kernel/scope.ts';

export type OrgUsersFilter = {
  type: OrgUserListType;
  groupId?: string;
  search?: string;
  sort?: OrgUsersSort;
  order: SortOrder;
  limit: number;
  offset: number;
};

const BY_NAME = [sql`lower(${profiles.firstName})`, sql`lower(${profiles.lastName})`];
const SORT_KEYS: Record<OrgUsersSort, SQL[]> = {
  name: BY_NAME,
  email: [sql`${accounts.email}`],
  last_activity: [sql`${orgMemberships.lastActivityAt}`],
  signup: [sql`${accounts.createdAt}`],
};

/** The requested column first (never-active members last either way), then name, then id. */
const usersOrder = (filter: OrgUsersFilter) =>
  listOrder(filter, SORT_KEYS, [
    ...BY_NAME.map((key) => asc(key)),
    asc(accounts.email),
    asc(accounts.id),
  ]);

function inGroup(db: Database, orgId: string, groupId: string): SQL {
  return inArray(
    orgMemberships.accountId,
    db
      .select({ id: groupMemberships.accountId })
      .from(groupMemberships)
      .where(and(eq(groupMemberships.orgId, orgId), eq(groupMemberships.groupId, groupId))),
  );
}

/** The members of the scope (the org, or in group mode the current group) matching the filter. */
function memberCondition(
  db: Database,
  scope: ReachScope,
  filter: Pick<OrgUsersFilter, 'type' | 'groupId' | 'search'>,
): SQL {
  const conditions: (SQL | undefined)[] = [eq(orgMemberships.orgId, scope.orgId)];
  if (scope.groupId) conditions.push(inGroup(db, scope.orgId, scope.groupId));
  if (filter.groupId) conditions.push(inGroup(db, scope.orgId, filter.groupId));
  if (filter.type === 'internal') conditions.push(eq(orgMemberships.payer, 'org'));
  if (filter.type === 'allAdmins') conditions.push(eq(orgMemberships.role, 'admin'));
  if (filter.search) conditions.push(memberMatches(filter.search));
  return and(...conditions) as SQL;
}

/** One page of the scope's members (SPEC §3 "Org user row" fields) and how many match in all. */
export async function listOrgUsers(db: Database, scope: ReachScope, filter: OrgUsersFilter) {
  const where = memberCondition(db, scope, filter);
  const rows = await db
    .select(orgUserColumns)
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, orgMemberships.accountId))
    .where(where)
    .orderBy(...usersOrder(filter))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, orgMemberships.accountId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Every member of the scope (the org, or the current group), of `groupId` too when given, by name:
 * the pickers' unpaged lists.
 */
export async function listOrgMembers(db: Database, scope: ReachScope, groupId?: string) {
  return db
    .select({
      userId: accounts.id,
      email: accounts.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      orgId: orgMemberships.orgId,
      isAdmin: sql<boolean>`${orgMemberships.role} = 'admin'`,
      isExternal: orgMemberships.isExternal,
    })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, orgMemberships.accountId))
    .where(memberCondition(db, scope, { type: 'all', groupId }))
    .orderBy(...BY_NAME.map((key) => asc(key)), asc(accounts.email), asc(accounts.id));
}

/** Whether the organisation exists (the app admin names it). */
export async function orgExists(db: Database, scope: Pick<ReachScope, 'orgId'>) {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, scope.orgId));
  return row !== undefined;
}

/** Member counts of the scope's org: active since `activeSince`, paid by the org, by the user. */
export async function countOrgUsers(db: Database, scope: UsersScope, activeSince: Date) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${orgMemberships.lastActivityAt} >= ${activeSince})`,
      internal: sql<number>`count(*) filter (where ${orgMemberships.payer} = 'org')`,
      external: sql<number>`count(*) filter (where ${orgMemberships.payer} = 'user')`,
    })
    .from(organisations)
    .leftJoin(orgMemberships, eq(orgMemberships.orgId, organisations.id))
    .where(eq(organisations.id, scope.orgId))
    .groupBy(organisations.id);
  return {
    active: Number(row?.active ?? 0),
    internal: Number(row?.internal ?? 0),
    external: Number(row?.external ?? 0),
    // Every member is paid for by exactly one of the two; count(*) over the left join would
    // count the org's own row when it has no members.
    total: Number(row?.internal ?? 0) + Number(row?.external ?? 0),
  };
}

/**
 * The membership of an account in the scope (in group mode: only when it is in the current group),
 * or null: an account outside it is "not found".
 */
export async function findMembership(db: Database, scope: UsersScope, accountId: string) {
  const conditions = [
    eq(orgMemberships.orgId, scope.orgId),
    eq(orgMemberships.accountId, accountId),
  ];
  if (scope.groupId) conditions.push(inGroup(db, scope.orgId, scope.groupId));
  const [row] = await db
    .select({
      accountId: orgMemberships.accountId,
      role: orgMemberships.role,
      payer: orgMemberships.payer,
      isExternal: orgMemberships.isExternal,
      lifetime: orgMemberships.lifetime,
    })
    .from(orgMemberships)
    .where(and(...conditions));
  return row ?? null;
}

/** The groups of the scope's org, Default first, then by name. */
export async function listOrgGroups(db: Database, scope: Pick<UsersScope, 'orgId'>) {
  return db
    .select({ id: groups.id, name: groups.name, isDefault: groups.isDefault })
    .from(groups)
    .where(eq(groups.orgId, scope.orgId))
    .orderBy(sql`${groups.isDefault} desc`, asc(sql`lower(${groups.name})`));
}

/** The org's groups among `groupIds`; an id of another org is simply not returned. */
export async function findOrgGroups(db: Database, scope: Pick<UsersScope, 'orgId'>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.orgId, scope.orgId), inArray(groups.id, ids)));
}

export async function findDefaultGroupId(db: Database, scope: Pick<UsersScope, 'orgId'>) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.orgId, scope.orgId), eq(groups.isDefault, true)));
  if (!row) throw new Error(`organisation ${scope.orgId} has no Default group`);
  return row.id;
}

/** The org's unique name: the `domain` the import form names its organisation by. */
export async function findOrgDomain(db: Database, scope: Pick<UsersScope, 'orgId'>) {
  const [row] = await db
    .select({ uniqueName: organisations.uniqueName })
    .from(organisations)
    .where(eq(organisations.id, scope.orgId));
  return row?.uniqueName ?? null;
}

/** The groups of a member of the scope's org. */
export async function listMemberGroups(db: Database, scope: UsersScope, accountId: string) {
  return db
    .select({ id: groups.id, name: groups.name, isDefault: groups.isDefault })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(and(eq(groupMemberships.orgId, scope.orgId), eq(groupMemberships.accountId, accountId)))
    .orderBy(sql`${groups.isDefault} desc`, asc(sql`lower(${groups.name})`));
}

/** What decides whether an organisation may edit a member's account-wide profile, and that profile. */
export async function findAccountProfile(db: Database, accountId: string) {
  const [row] = await db
    .select({
      createdByOrgId: accounts.createdByOrgId,
      claimed: sql<boolean>`${accounts.lastSignInAt} is not null`,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export type ProfileChanges = {
  firstName: string;
  lastName: string;
  gender: (typeof profiles.$inferInsert)['gender'];
  birthDate: string;
};

/** Updates the personal details of a member (already checked to be in the scope). */
export async function updateMemberProfile(
  db: Database,
  accountId: string,
  changes: ProfileChanges,
  at: Date,
) {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: at })
    .where(eq(profiles.accountId, accountId));
}

export async function setOrgRole(
  db: Database,
  scope: UsersScope,
  accountId: string,
  role: 'admin' | 'member',
) {
  await db
    .update(orgMemberships)
    .set({ role })
    .where(and(eq(orgMemberships.orgId, scope.orgId), eq(orgMemberships.accountId, accountId)));
}

/**
 * Makes the member's groups in the scope's org exactly `groupIds`: leaves the others (losing any
 * group-admin flag there) and joins the missing ones; kept groups keep their admin flag.
 */
export async function replaceMemberGroups(
  db: Database,
  scope: UsersScope,
  accountId: string,
  groupIds: string[],
) {
  await db
    .delete(groupMemberships)
    .where(
      and(
        eq(groupMemberships.orgId, scope.orgId),
        eq(groupMemberships.accountId, accountId),
        notInArray(groupMemberships.groupId, groupIds),
      ),
    );
  await db
    .insert(groupMemberships)
    .values(groupIds.map((groupId) => ({ orgId: scope.orgId, groupId, accountId })))
    .onConflictDoNothing();
}

/** Flips who pays the member's seat (org <-> user) in one statement; returns the new payer. */
export async function togglePayer(db: Database, scope: UsersScope, accountId: string) {
  const [row] = await db
    .update(orgMemberships)
    .set({
      payer: sql`case when ${orgMemberships.payer} = 'org' then 'user' else 'org' end::payer`,
    })
    .where(and(eq(orgMemberships.orgId, scope.orgId), eq(orgMemberships.accountId, accountId)))
    .returning({ payer: orgMemberships.payer });
  return row?.payer ?? null;
}

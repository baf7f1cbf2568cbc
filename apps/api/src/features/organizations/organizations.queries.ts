import { and, asc, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_GROUP_NAME } from '@resonant/contracts/groups';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { groups, orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { orgDailyActivity } from '../../db/schema/rollups.ts';
import { createAccountsByEmail, type NewAccount } from '../../lib/accounts-by-email.queries.ts';
import { containsPattern, memberMatches } from '../../lib/member-search.ts';
import { selectNamedPeople } from '../../lib/named-people.queries.ts';

// The app admin's organisations are platform-level: no tenant scope applies. Every query of one
// organisation's rows takes it (`org`) first, and filters by it.

/** One organisation, named by the app admin. */
export type OrgRef = { orgId: string };

export type NewOrganization = {
  name: string;
  uniqueName: string;
  /** The first admin's account, made here when its email has none (the organisation created it). */
  admin: NewAccount;
};

/**
 * Creates the organisation and its Default group, and the first admin's account when its email
 * has none (`created_by_org_id` the new organisation); run it in the caller's transaction. An
 * account that exists is left untouched: its person is invited (issue 27). The unique name index
 * decides a race between two creations of the same name (the caller's 409).
 */
export async function insertOrganization(tx: Database, input: NewOrganization) {
  const [org] = await tx
    .insert(organisations)
    .values({ name: input.name, uniqueName: input.uniqueName })
    .returning({ id: organisations.id });
  if (!org) throw new Error('organisation not created');
  const [defaultGroup] = await tx
    .insert(groups)
    .values({ orgId: org.id, name: DEFAULT_GROUP_NAME, isDefault: true })
    .returning({ id: groups.id });
  if (!defaultGroup) throw new Error('default group not created');
  await createAccountsByEmail(tx, [{ ...input.admin, createdByOrgId: org.id }]);
  return { orgId: org.id, defaultGroupId: defaultGroup.id };
}

export type OrganizationsFilter = { search?: string; orgId?: string };

/**
 * The organisations matching the filter (name or unique name containing `search`; the one with
 * `orgId`), newest first, each with its groups (Default first, then by name), member and admin
 * counts, and its readings and sessions added up from org_daily_activity (kept by every ingest),
 * so the list never scans recordings.
 */
export async function listOrganizations(db: Database, filter: OrganizationsFilter) {
  const conditions: SQL[] = [];
  if (filter.orgId) conditions.push(eq(organisations.id, filter.orgId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(organisations.name, pattern), ilike(organisations.uniqueName, pattern)) as SQL,
    );
  }
  const orgs = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      uniqueName: organisations.uniqueName,
      createdAt: organisations.createdAt,
      active: organisations.active,
      isDemo: organisations.isDemo,
    })
    .from(organisations)
    .where(and(...conditions))
    .orderBy(desc(organisations.createdAt), desc(organisations.id));
  if (orgs.length === 0) return [];
  const ids = orgs.map((org) => org.id);

  // One after another: the delete runs this inside its transaction, on one connection.
  const groupRows = await db
    .select({
      orgId: groups.orgId,
      id: groups.id,
      name: groups.name,
      isDefault: groups.isDefault,
    })
    .from(groups)
    .where(inArray(groups.orgId, ids))
    .orderBy(desc(groups.isDefault), asc(sql`lower(${groups.name})`), asc(groups.id));
  const memberRows = await db
    .select({
      orgId: orgMemberships.orgId,
      members: sql<number>`count(*)`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${orgMemberships.role} = 'admin')`.mapWith(Number),
    })
    .from(orgMemberships)
    .where(inArray(orgMemberships.orgId, ids))
    .groupBy(orgMemberships.orgId);
  const activityRows = await db
    .select({
      orgId: orgDailyActivity.orgId,
      readings: sql<number>`sum(${orgDailyActivity.readingsCount})`.mapWith(Number),
      sessions: sql<number>`sum(${orgDailyActivity.biofeedbackCount}
          + ${orgDailyActivity.mindfulnessCount} + ${orgDailyActivity.selfCompassionCount})`.mapWith(
        Number,
      ),
    })
    .from(orgDailyActivity)
    .where(inArray(orgDailyActivity.orgId, ids))
    .groupBy(orgDailyActivity.orgId);
  const groupsOf = new Map<string, typeof groupRows>();
  for (const group of groupRows) {
    const ofOrg = groupsOf.get(group.orgId);
    if (ofOrg) ofOrg.push(group);
    else groupsOf.set(group.orgId, [group]);
  }
  const members = new Map(memberRows.map((row) => [row.orgId, row]));
  const activity = new Map(activityRows.map((row) => [row.orgId, row]));
  return orgs.map((org) => ({
    ...org,
    groups: groupsOf.get(org.id) ?? [],
    membersCount: members.get(org.id)?.members ?? 0,
    adminsCount: members.get(org.id)?.admins ?? 0,
    readingsCount: activity.get(org.id)?.readings ?? 0,
    sessionsCount: activity.get(org.id)?.sessions ?? 0,
  }));
}

export type OrganizationSummaryRow = Awaited<ReturnType<typeof listOrganizations>>[number];

/** Whether the organisation exists. */
export async function organizationExists(db: Database, org: OrgRef): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, org.orgId));
  return row !== undefined;
}

/**
 * The organisation's name, its row locked against a concurrent change for the rest of the
 * transaction (`update`: a rename or delete; `key share`: rows that will point at it), or null.
 */
export async function lockOrganization(
  tx: Database,
  org: OrgRef,
  strength: 'update' | 'key share',
) {
  const [row] = await tx
    .select({ name: organisations.name, uniqueName: organisations.uniqueName })
    .from(organisations)
    .where(eq(organisations.id, org.orgId))
    .for(strength);
  return row ?? null;
}

/** Renames the organisation and its unique name (the unique index refuses a taken one). */
export async function renameOrganization(
  tx: Database,
  org: OrgRef,
  names: { name: string; uniqueName: string },
) {
  await tx.update(organisations).set(names).where(eq(organisations.id, org.orgId));
}

/**
 * Deletes the organisation: every row that carries its `org_id` goes with it in the same
 * statement (groups, memberships, invitations, readings, sessions with their minutes and tags,
 * rollups, daily activity, payment methods, invoices, its jobs and mail; its audit rows stay with
 * `org_id` null and the name they kept, and a lifetime claim issued for it keeps its email and
 * loses the org). Accounts stay; a profile whose current context was in it loses it (set null),
 * so its next sign-in lands in its default context.
 */
export async function deleteOrganization(tx: Database, org: OrgRef) {
  await tx.delete(organisations).where(eq(organisations.id, org.orgId));
}

/** The account's email (lower-cased) and name, or null when there is no such account. */
export async function findAccount(db: Database, accountId: string) {
  const [row] = await db
    .select({ email: accounts.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row ? { ...row, email: row.email.toLowerCase() } : null;
}

/**
 * Makes the account an admin of the organisation in one statement, decided by the membership's
 * unique index: a member becomes an admin (keeping its payer and flags); an account from outside
 * joins as an external admin whose seat the organisation does not pay (`payer` user). Null when
 * it is an admin already. The Default group is joined by the caller (joinOrganisation).
 */
export async function upsertOrgAdmin(tx: Database, org: OrgRef, accountId: string) {
  const [row] = await tx
    .insert(orgMemberships)
    .values({ orgId: org.orgId, accountId, role: 'admin', payer: 'user', isExternal: true })
    .onConflictDoUpdate({
      target: [orgMemberships.orgId, orgMemberships.accountId],
      set: { role: 'admin' },
      setWhere: ne(orgMemberships.role, 'admin'),
    })
    .returning({ isExternal: orgMemberships.isExternal });
  return row ?? null;
}

/**
 * The organisation's admins, their memberships locked until the transaction ends: a concurrent
 * removal waits here and then counts without the admin this one removed, so two removals can
 * never take the last two admins.
 */
export async function lockOrgAdmins(tx: Database, org: OrgRef) {
  return tx
    .select({ accountId: orgMemberships.accountId, isExternal: orgMemberships.isExternal })
    .from(orgMemberships)
    .where(and(eq(orgMemberships.orgId, org.orgId), eq(orgMemberships.role, 'admin')))
    .orderBy(asc(orgMemberships.id))
    .for('update');
}

/** An internal admin becomes a member of the organisation again. */
export async function demoteOrgAdmin(tx: Database, org: OrgRef, accountId: string) {
  await tx
    .update(orgMemberships)
    .set({ role: 'member' })
    .where(and(eq(orgMemberships.orgId, org.orgId), eq(orgMemberships.accountId, accountId)));
}

export type AccountSearch = { keyword: string; excludeEmail: string; limit: number };

/**
 * Accounts whose name or email contains the keyword (lib/member-search), never the one with
 * `excludeEmail` (the app admin), only the members of `org` when one is given; at most `limit`,
 * by name. Each with every organisation it belongs to, the first joined first.
 */
export async function searchAccounts(db: Database, org: OrgRef | null, search: AccountSearch) {
  const conditions: SQL[] = [
    memberMatches(search.keyword),
    ne(sql`lower(${accounts.email})`, search.excludeEmail),
  ];
  if (org) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(orgMemberships)
          .where(
            and(eq(orgMemberships.orgId, org.orgId), eq(orgMemberships.accountId, accounts.id)),
          ),
      ),
    );
  }
  const rows = await selectNamedPeople(db)
    .where(and(...conditions))
    .orderBy(
      asc(sql`lower(${profiles.firstName})`),
      asc(sql`lower(${profiles.lastName})`),
      asc(sql`lower(${accounts.email})`),
      asc(accounts.id),
    )
    .limit(search.limit);
  if (rows.length === 0) return [];
  const memberships = await db
    .select({
      accountId: orgMemberships.accountId,
      orgId: organisations.id,
      orgName: organisations.name,
    })
    .from(orgMemberships)
    .innerJoin(organisations, eq(organisations.id, orgMemberships.orgId))
    .where(
      inArray(
        orgMemberships.accountId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orgMemberships.createdAt), asc(orgMemberships.id));
  return rows.map((row) => ({
    ...row,
    orgs: memberships.filter((membership) => membership.accountId === row.id),
  }));
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/accounts.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../../db/schema/organisations.ts';

const BY_NAME = [
  asc(sql`lower(${profiles.firstName})`),
  asc(sql`lower(${profiles.lastName})`),
  asc(profiles.accountId),
];

/** The active organisations the account belongs to, the first joined first, with its role. */
export async function listOwnOrganizations(db: Database, accountId: string) {
  return db
    .select({ orgId: organisations.id, name: organisations.name, role: orgMemberships.role })
    .from(orgMemberships)
    .innerJoin(organisations, eq(organisations.id, orgMemberships.orgId))
    .where(and(eq(orgMemberships.accountId, accountId), eq(organisations.active, true)))
    .orderBy(asc(orgMemberships.createdAt), asc(orgMemberships.orgId));
}

/** The account's groups in those organisations (Default first, then by name). */
export async function listOwnGroups(db: Database, accountId: string, orgIds: string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({
      orgId: groups.orgId,
      groupId: groups.id,
      name: groups.name,
      isDefault: groups.isDefault,
      isAdmin: groupMemberships.isAdmin,
    })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(and(eq(groupMemberships.accountId, accountId), inArray(groupMemberships.orgId, orgIds)))
    .orderBy(asc(sql`not ${groups.isDefault}`), asc(sql`lower(${groups.name})`), asc(groups.id));
}

/** The names of the org admins of those organisations, by name. */
export async function listOrgAdminNames(db: Database, orgIds: string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({
      orgId: orgMemberships.orgId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(orgMemberships)
    .innerJoin(profiles, eq(profiles.accountId, orgMemberships.accountId))
    .where(and(inArray(orgMemberships.orgId, orgIds), eq(orgMemberships.role, 'admin')))
    .orderBy(...BY_NAME);
}

/** The names of the group admins of those groups, by name. */
export async function listGroupAdminNames(db: Database, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: groupMemberships.groupId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(groupMemberships)
    .innerJoin(profiles, eq(profiles.accountId, groupMemberships.accountId))
    .where(and(inArray(groupMemberships.groupId, groupIds), eq(groupMemberships.isAdmin, true)))
    .orderBy(...BY_NAME);
}

/** The account's membership of an active organisation, locked until the transaction ends. */
export async function lockOwnMembership(tx: Database, orgId: string, accountId: string) {
  const [row] = await tx
    .select({
      role: orgMemberships.role,
      payer: orgMemberships.payer,
      isExternal: orgMemberships.isExternal,
    })
    .from(orgMemberships)
    .innerJoin(organisations, eq(organisations.id, orgMemberships.orgId))
    .where(
      and(
        eq(orgMemberships.orgId, orgId),
        eq(orgMemberships.accountId, accountId),
        eq(organisations.active, true),
      ),
    )
    .for('update', { of: orgMemberships });
  return row ?? null;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../db/schema/organisations.ts';
import {
  resolveContext,
  type Context,
  type ContextRequest,
  type MembershipSnapshot,
} from './policies.ts';

/**
 * Loads the account's memberships (orgs, and per org every group it can see: all groups for an org
 * admin, its own groups otherwise) and its stored current context. This runs before a tenant scope
 * exists, so it is keyed by the signed-in account only.
 */
async function loadMembershipSnapshot(
  db: Database,
  accountId: string,
  appAdminEmail: string,
): Promise<{ memberships: MembershipSnapshot; stored: ContextRequest }> {
  const [account] = await db
    .select({
      email: accounts.email,
      currentOrgId: profiles.currentOrgId,
      currentGroupId: profiles.currentGroupId,
      currentType: profiles.currentType,
    })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  const stored: ContextRequest = {
    orgId: account?.currentOrgId ?? null,
    groupId: account?.currentGroupId ?? null,
    type: account?.currentType ?? null,
  };
  if (account?.email.toLowerCase() === appAdminEmail) {
    return { memberships: { isAppAdmin: true, orgs: [] }, stored };
  }
  const rows = await db
    .select({
      orgId: orgMemberships.orgId,
      isOrgAdmin: sql<boolean>`${orgMemberships.role} = 'admin'`,
      groupId: groups.id,
      isMember: sql<boolean>`${groupMemberships.id} is not null`,
      isAdmin: sql<boolean>`coalesce(${groupMemberships.isAdmin}, false)`,
    })
    .from(orgMemberships)
    .innerJoin(organisations, eq(organisations.id, orgMemberships.orgId))
    .leftJoin(groups, eq(groups.orgId, orgMemberships.orgId))
    .leftJoin(
      groupMemberships,
      and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.accountId, accountId)),
    )
    .where(and(eq(orgMemberships.accountId, accountId), eq(organisations.active, true)))
    .orderBy(orgMemberships.createdAt, groups.createdAt);

  const orgs = new Map<string, MembershipSnapshot['orgs'][number]>();
  for (const row of rows) {
    let org = orgs.get(row.orgId);
    if (!org) {
      org = { orgId: row.orgId, isOrgAdmin: row.isOrgAdmin, groups: [] };
      orgs.set(row.orgId, org);
    }
    if (row.groupId && (row.isMember || row.isOrgAdmin)) {
      org.groups.push({ groupId: row.groupId, isMember: row.isMember, isAdmin: row.isAdmin });
    }
  }
  return { memberships: { isAppAdmin: false, orgs: [...orgs.values()] }, stored };
}

/** The caller's memberships and the context they act in now (stored, if still allowed). */
export async function loadCallerContext(
  db: Database,
  accountId: string,
  appAdminEmail: string,
): Promise<{ memberships: MembershipSnapshot; context: Context }> {
  const { memberships, stored } = await loadMembershipSnapshot(db, accountId, appAdminEmail);
  return { memberships, context: resolveContext(memberships, stored) };
}

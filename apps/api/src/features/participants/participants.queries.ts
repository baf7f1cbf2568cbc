import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { groupMemberships, groups, orgMemberships } from '../../db/schema/organisations.ts';
import { memberRollupTotals } from '../../db/schema/rollups.ts';
import type { GroupScope, OrgScope } from '../../kernel/scope.ts';
import { orgUserColumns } from '../../lib/org-user-row.ts';

/**
 * The members of a group of the caller's organisation, with their newest reading and all-time mean
 * RMSSD, read from member_rollup_totals (one row per member: the trigger-kept sums of their daily
 * rollups, good-quality readings only in the RMSSD sums), never from the readings themselves.
 */
export async function listGroupMembers(db: Database, reach: GroupScope) {
  return (
    db
      .select({
        ...orgUserColumns,
        isAdmin: groupMemberships.isAdmin,
        lastTakenAt: memberRollupTotals.lastTakenAt,
        avgRmssd: sql<
          number | null
        >`${memberRollupTotals.rmssdSum} / nullif(${memberRollupTotals.rmssdCount}, 0)`,
      })
      .from(groupMemberships)
      // A group membership only counts while its account is still a member of the organisation.
      .innerJoin(
        orgMemberships,
        and(
          eq(orgMemberships.orgId, groupMemberships.orgId),
          eq(orgMemberships.accountId, groupMemberships.accountId),
        ),
      )
      .innerJoin(accounts, eq(accounts.id, groupMemberships.accountId))
      .innerJoin(profiles, eq(profiles.accountId, groupMemberships.accountId))
      .leftJoin(
        memberRollupTotals,
        and(
          eq(memberRollupTotals.orgId, groupMemberships.orgId),
          eq(memberRollupTotals.accountId, groupMemberships.accountId),
        ),
      )
      .where(
        and(eq(groupMemberships.orgId, reach.orgId), eq(groupMemberships.groupId, reach.groupId)),
      )
      .orderBy(asc(sql`lower(${profiles.firstName})`), asc(sql`lower(${profiles.lastName})`))
  );
}

/** The account's membership row of a group of the scope's organisation. */
const groupMembershipOf = (group: GroupScope, accountId: string) =>
  and(
    eq(groupMemberships.orgId, group.orgId),
    eq(groupMemberships.groupId, group.groupId),
    eq(groupMemberships.accountId, accountId),
  );

/**
 * A group of the organisation, locked until the transaction ends so that membership changes of one
 * group run one after another; null outside the organisation.
 */
export async function lockOrgGroup(db: Database, org: OrgScope, groupId: string) {
  const [group] = await db
    .select({ id: groups.id, isDefault: groups.isDefault })
    .from(groups)
    .where(and(eq(groups.orgId, org.orgId), eq(groups.id, groupId)))
    .for('update');
  return group ?? null;
}

/** The account's membership of the group, or null when it is not in it. */
export async function findGroupMember(db: Database, group: GroupScope, accountId: string) {
  const [row] = await db
    .select({ isAdmin: groupMemberships.isAdmin })
    .from(groupMemberships)
    .where(groupMembershipOf(group, accountId));
  return row ?? null;
}

/** Takes the account out of the group; its other memberships stay. */
export async function deleteGroupMember(db: Database, group: GroupScope, accountId: string) {
  await db.delete(groupMemberships).where(groupMembershipOf(group, accountId));
}

/**
 * Adds those of the accounts that are members of the organisation to the group, in one statement;
 * those already in it stay as they are. Answers how many of the accounts are members of the
 * organisation (whether or not they were in the group already), so a caller can tell one that is
 * not and roll back. The org memberships read stay locked until the transaction ends: none of
 * them is removed before the group rows added for it are committed.
 */
export async function insertOrgMembersIntoGroup(
  db: Database,
  group: GroupScope,
  accountIds: string[],
): Promise<number> {
  const result = (await db.execute(sql`
    with qualifying as (
      select ${orgMemberships.accountId} as account_id
      from ${orgMemberships}
      where ${and(eq(orgMemberships.orgId, group.orgId), inArray(orgMemberships.accountId, accountIds))}
      for key share
    ), added as (
      insert into ${groupMemberships} (org_id, group_id, account_id)
      select ${group.orgId}::uuid, ${group.groupId}::uuid, account_id from qualifying
      on conflict (group_id, account_id) do nothing
    )
    select count(*)::int as n from qualifying`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

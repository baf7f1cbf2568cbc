import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../../db/schema/organisations.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import { memberRollupTotals } from '../../db/schema/rollups.ts';
import type { GroupScope, OrgScope, ReachScope } from '../../auth/scope.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';
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

/** Whether the account is a member of the reach: of its group, or of its organisation. */
export async function isMemberWithin(
  db: Database,
  reach: ReachScope,
  accountId: string,
): Promise<boolean> {
  const [row] = reach.groupId
    ? await db
        .select({ id: groupMemberships.id })
        .from(groupMemberships)
        .where(groupMembershipOf({ ...reach, groupId: reach.groupId }, accountId))
    : await db
        .select({ id: orgMemberships.id })
        .from(orgMemberships)
        .where(and(eq(orgMemberships.orgId, reach.orgId), eq(orgMemberships.accountId, accountId)));
  return Boolean(row);
}

/** A bound of a readings range: an instant, or a calendar day in the organisation's time zone. */
export type RangeBound = { instant: string } | { day: string };

/**
 * One member's readings in the reach's organisation, newest first, with their tags, and how many
 * the range holds in all. Served by the (org, account, taken_at) index.
 */
export async function listMemberReadings(
  db: Database,
  reach: ReachScope,
  accountId: string,
  range: { from?: RangeBound; to?: RangeBound; limit: number; offset: number },
) {
  const orgTimeZone = sql`(select ${organisations.timeZone} from ${organisations} where ${eq(organisations.id, reach.orgId)})`;
  const conditions: SQL[] = [eq(readings.orgId, reach.orgId), eq(readings.accountId, accountId)];
  if (range.from) {
    conditions.push(
      'instant' in range.from
        ? sql`${readings.takenAt} >= ${range.from.instant}::timestamptz`
        : sql`${readings.takenAt} >= (${range.from.day}::date::timestamp at time zone ${orgTimeZone})`,
    );
  }
  if (range.to) {
    conditions.push(
      'instant' in range.to
        ? sql`${readings.takenAt} <= ${range.to.instant}::timestamptz`
        : // A day given as `to` is included whole: up to the start of the next one.
          sql`${readings.takenAt} < ((${range.to.day}::date + 1)::timestamp at time zone ${orgTimeZone})`,
    );
  }
  const where = and(...conditions);

  const [total] = await db.select({ n: count() }).from(readings).where(where);
  const rows = await db
    .select({
      id: readings.id,
      accountId: readings.accountId,
      takenAt: readings.takenAt,
      kind: readings.kind,
      quality: readings.quality,
      createdAt: readings.createdAt,
      rmssd: readings.rmssd,
      minMax: readings.minMax,
      sdnn: readings.sdnn,
      sdsd: readings.sdsd,
      meanHr: readings.meanHr,
      maxHr: readings.maxHr,
      minHr: readings.minHr,
      meanNni: readings.meanNni,
      medianNni: readings.medianNni,
      rangeNni: readings.rangeNni,
      lf: readings.lf,
      hf: readings.hf,
      vlf: readings.vlf,
      totalPower: readings.totalPower,
    })
    .from(readings)
    .where(where)
    .orderBy(desc(readings.takenAt), desc(readings.id))
    .limit(range.limit)
    .offset(range.offset);

  const tagsByReading = new Map<string, PresentedTag[]>();
  if (rows.length > 0) {
    const tagRows = await db
      .select({ readingId: readingTags.readingId, id: tags.id, tag_name: tags.name })
      .from(readingTags)
      .innerJoin(tags, eq(tags.id, readingTags.tagId))
      .where(
        and(
          eq(readingTags.orgId, reach.orgId),
          inArray(
            readingTags.readingId,
            rows.map((row) => row.id),
          ),
        ),
      );
    for (const { readingId, ...tag } of tagRows) {
      const list = tagsByReading.get(readingId) ?? [];
      list.push(tag);
      tagsByReading.set(readingId, list);
    }
  }
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({ ...row, tags: sortTags(tagsByReading.get(row.id) ?? []) })),
  };
}

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

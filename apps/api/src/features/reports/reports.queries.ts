import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/accounts.ts';
import { groupMemberships, orgMemberships, organisations } from '../../db/schema/organisations.ts';
import type { ReachScope } from '../../kernel/scope.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';

/** A bound of a range: an instant (UTC ISO), or a calendar day in the organisation's time zone. */
export type RangeBound = { instant: string } | { day: string };

/** The range of a history: `to` as a day is included whole. */
export type TimeRange = { from?: RangeBound | undefined; to?: RangeBound | undefined };

/** A reach that may carry its organisation's time zone, read once for a long export. */
export type ZonedReach = ReachScope & { timeZone?: string };

/**
 * The organisation's IANA time zone: the value a long export read once, or read by the statement
 * itself. A subquery hides the value from PostgreSQL's planner, which then misjudges range bounds
 * built on it; an export runs a thousand statements, so it passes the value.
 */
export const orgTimeZone = (reach: ZonedReach) =>
  reach.timeZone === undefined
    ? sql`(select ${organisations.timeZone} from ${organisations} where ${eq(organisations.id, reach.orgId)})`
    : sql`${reach.timeZone}::text`;

/** The reach with its organisation's time zone, for statements run many times in one request. */
export async function withOrgTimeZone(db: Database, reach: ReachScope): Promise<ZonedReach> {
  const [row] = await db
    .select({ timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, reach.orgId));
  return row ? { ...reach, timeZone: row.timeZone } : reach;
}

/** The calendar day (`YYYY-MM-DD`) of an instant in the organisation's time zone. */
export const localDay = (reach: ReachScope, instant: SQL | AnyPgColumn) =>
  sql<string>`to_char((${instant} at time zone ${orgTimeZone(reach)}), 'YYYY-MM-DD')`;

/** The start of a calendar day of the organisation's time zone, `shift` days later, as an instant. */
export const dayStart = (reach: ReachScope, day: string, shift = 0) =>
  sql`((${day}::date + ${shift}::int)::timestamp at time zone ${orgTimeZone(reach)})`;

/** The conditions of a time range on a timestamp column. */
export function rangeConditions(reach: ReachScope, column: AnyPgColumn, range: TimeRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) {
    conditions.push(
      'instant' in range.from
        ? sql`${column} >= ${range.from.instant}::timestamptz`
        : sql`${column} >= ${dayStart(reach, range.from.day)}`,
    );
  }
  if (range.to) {
    conditions.push(
      'instant' in range.to
        ? sql`${column} <= ${range.to.instant}::timestamptz`
        : // A day given as `to` is included whole: up to the start of the next one.
          sql`${column} < ${dayStart(reach, range.to.day, 1)}`,
    );
  }
  return conditions;
}

/** A member of the reach (of its group, or of its organisation) with their name; null otherwise. */
export async function findMemberWithin(db: Database, reach: ReachScope, accountId: string) {
  const [member] = await membersWithin(db, reach, [accountId]);
  return member ?? null;
}

/**
 * The members of the reach with their names, by last name, first name and id: all of them, or
 * those of `accountIds` (the others are simply absent). A group membership counts only while its
 * account is still a member of the organisation.
 */
export async function membersWithin(
  db: Database,
  reach: ReachScope,
  accountIds?: readonly string[],
) {
  const only = accountIds ? inArray(orgMemberships.accountId, [...accountIds]) : undefined;
  const columns = {
    id: orgMemberships.accountId,
    firstName: profiles.firstName,
    lastName: profiles.lastName,
  };
  const order = [
    asc(sql`lower(${profiles.lastName})`),
    asc(sql`lower(${profiles.firstName})`),
    asc(orgMemberships.accountId),
  ];
  const inOrg = db
    .select(columns)
    .from(orgMemberships)
    .innerJoin(profiles, eq(profiles.accountId, orgMemberships.accountId));
  return reach.groupId
    ? inOrg
        .innerJoin(
          groupMemberships,
          and(
            eq(groupMemberships.orgId, orgMemberships.orgId),
            eq(groupMemberships.accountId, orgMemberships.accountId),
          ),
        )
        .where(
          and(
            eq(orgMemberships.orgId, reach.orgId),
            eq(groupMemberships.groupId, reach.groupId),
            only,
          ),
        )
        .orderBy(...order)
    : inOrg.where(and(eq(orgMemberships.orgId, reach.orgId), only)).orderBy(...order);
}

/**
 * One page of rows: newest first by offset (the JSON history), or oldest first after a keyset
 * (the CSV, whatever its length, in constant memory).
 */
export type Page<After> =
  NewestPage | { order: 'oldest'; limit: number; after?: After | undefined };

/** The JSON history's page: newest first, by offset. */
export type NewestPage = { order: 'newest'; limit: number; offset: number };

export function groupTags(rows: { ownerId: string; id: string; tag_name: string }[]) {
  const byOwner = new Map<string, PresentedTag[]>();
  for (const { ownerId, ...tag } of rows) {
    const list = byOwner.get(ownerId) ?? [];
    list.push(tag);
    byOwner.set(ownerId, list);
  }
  for (const list of byOwner.values()) sortTags(list);
  return byOwner;
}

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { memberActiveDays, orgDailyActivity } from '../db/schema/rollups.ts';
import type { OrgScope } from '../auth/scope.ts';

/** What a member last did in the app: a reading kind or a session type, as stored. */
export type ActivityType =
  'morning' | 'anytime' | 'biofeedback' | 'mindfulness' | 'self_compassion';

/** The count each kind of recording adds 1 to (readings also to readings_count). */
const COUNT_OF: Record<ActivityType, string> = {
  morning: 'morning_count',
  anytime: 'anytime_count',
  biofeedback: 'biofeedback_count',
  mindfulness: 'mindfulness_count',
  self_compassion: 'self_compassion_count',
};
const COUNTS = [
  'readings_count',
  'morning_count',
  'anytime_count',
  'biofeedback_count',
  'mindfulness_count',
  'self_compassion_count',
] as const;

/**
 * Records one new recording of the member, in the ingest's transaction:
 * - moves the member's last activity (the Users table's "Last activity" columns, and what the top
 *   organisations count as active) to it when it is newer than the one recorded; an older
 *   recording uploaded late leaves it as it is;
 * - adds it to its organisation's day (org_daily_activity): 1 to its kind's count (and to
 *   readings_count for a reading), and to the day's active_members 1 when it is the member's
 *   first recording of that day — decided by inserting the (org, member, day) row of
 *   member_active_days, which succeeds once, so concurrent recordings of one member count them
 *   once.
 * The day is the recording time's calendar day in the organisation's time zone, computed by the
 * database (as the readings' daily rollups do); counts are incremented in place, so concurrent
 * ingests never lose an update.
 */
export async function recordMemberActivity(
  db: Database,
  scope: OrgScope,
  at: Date,
  type: ActivityType,
): Promise<void> {
  await db
    .update(orgMemberships)
    .set({ lastActivityAt: at, lastActivityType: type })
    .where(
      and(
        eq(orgMemberships.orgId, scope.orgId),
        eq(orgMemberships.accountId, scope.accountId),
        or(isNull(orgMemberships.lastActivityAt), lt(orgMemberships.lastActivityAt, at)),
      ),
    );

  const isReading = type === 'morning' || type === 'anytime';
  const added = (column: (typeof COUNTS)[number]) =>
    (column === 'readings_count' && isReading) || column === COUNT_OF[type] ? 1 : 0;
  const counts = sql.raw(COUNTS.join(', '));
  const values = sql.raw(COUNTS.map(added).join(', '));
  const addedTo = (table: string, columns: readonly string[]) =>
    sql.raw(
      columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', '),
    );
  await db.execute(sql`
    with recording_day as (
      select (${at.toISOString()}::timestamptz at time zone ${organisations.timeZone})::date as day
      from ${organisations} where ${organisations.id} = ${scope.orgId}
    ),
    first_of_day as (
      insert into ${memberActiveDays} (org_id, account_id, day)
      select ${scope.orgId}, ${scope.accountId}, day from recording_day
      on conflict do nothing
      returning 1
    )
    insert into ${orgDailyActivity} (org_id, day, active_members, ${counts})
    select ${scope.orgId}, day, (select count(*)::int from first_of_day), ${values}
    from recording_day
    on conflict (org_id, day) do update
    set ${addedTo('org_daily_activity', ['active_members', ...COUNTS])}`);
}

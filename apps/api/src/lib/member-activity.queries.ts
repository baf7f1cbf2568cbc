import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { memberActiveDays, orgDailyActivity } from '../db/schema/rollups.ts';
import type { OrgScope } from '../kernel/scope.ts';

/** What a member last did in the app: a reading kind or a session type, as stored. */
export type ActivityType =
  'morning' | 'anytime' | 'biofeedback' | 'mindfulness' | 'self_compassion';

/** The kinds of recording each count of org_daily_activity counts. */
const COUNTED: Record<string, readonly ActivityType[]> = {
  readings_count: ['morning', 'anytime'],
  morning_count: ['morning'],
  anytime_count: ['anytime'],
  biofeedback_count: ['biofeedback'],
  mindfulness_count: ['mindfulness'],
  self_compassion_count: ['self_compassion'],
};
const COUNTS = Object.keys(COUNTED);

/**
 * Records new recordings of the member (one, or a batch's), in the ingest's transaction:
 * - moves the member's last activity (the Users table's "Last activity" columns, and what the top
 *   organisations count as active) to the latest of them when it is newer than the one recorded;
 *   an older recording uploaded late leaves it as it is. Of recordings at the same time the first
 *   given wins, as when they are stored one by one;
 * - adds them to their organisation's days (org_daily_activity): 1 per recording to its kind's
 *   count (and to readings_count for a reading), and to a day's active_members 1 when the member
 *   recorded nothing that day before — decided by inserting the (org, member, day) row of
 *   member_active_days, which succeeds once, so concurrent recordings of one member count them
 *   once.
 * Days are calendar days in the organisation's time zone, computed by the database (as the
 * readings' daily rollups are), written in day order so concurrent batches cannot deadlock; counts
 * are incremented in place, so concurrent ingests never lose an update. One statement per table
 * whatever the number of recordings, and exactly the counts of storing them one by one.
 */
export async function recordMemberActivity(
  db: Database,
  scope: OrgScope,
  recordings: readonly { at: Date; type: ActivityType }[],
): Promise<void> {
  const latest = recordings.reduce<(typeof recordings)[number] | undefined>(
    (found, recording) => (!found || recording.at > found.at ? recording : found),
    undefined,
  );
  if (!latest) return;
  await db
    .update(orgMemberships)
    .set({ lastActivityAt: latest.at, lastActivityType: latest.type })
    .where(
      and(
        eq(orgMemberships.orgId, scope.orgId),
        eq(orgMemberships.accountId, scope.accountId),
        or(isNull(orgMemberships.lastActivityAt), lt(orgMemberships.lastActivityAt, latest.at)),
      ),
    );

  // One array parameter per field, whatever the number of recordings (as lib/bulk-insert.ts).
  const at = sql.param(recordings.map((recording) => recording.at.toISOString()));
  const type = sql.param(recordings.map((recording) => recording.type));
  const countsByDay = sql.raw(
    Object.entries(COUNTED)
      .map(([column, types]) => {
        const kinds = types.map((type) => `'${type}'`).join(', ');
        return `(count(*) filter (where type in (${kinds})))::int as ${column}`;
      })
      .join(', '),
  );
  const counts = sql.raw(COUNTS.join(', '));
  const addedTo = (table: string, columns: readonly string[]) =>
    sql.raw(
      columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', '),
    );
  await db.execute(sql`
    with recording_day as (
      select (recording.at at time zone ${organisations.timeZone})::date as day, recording.type
      from unnest(${at}::timestamptz[], ${type}::text[]) as recording (at, type)
      cross join ${organisations}
      where ${organisations.id} = ${scope.orgId}
    ),
    day_counts as (
      select day, ${countsByDay} from recording_day group by day
    ),
    first_of_day as (
      insert into ${memberActiveDays} (org_id, account_id, day)
      select ${scope.orgId}::uuid, ${scope.accountId}::uuid, day from day_counts order by day
      on conflict do nothing
      returning day
    )
    insert into ${orgDailyActivity} (org_id, day, active_members, ${counts})
    select ${scope.orgId}::uuid, day,
      (select count(*)::int from first_of_day where first_of_day.day = day_counts.day), ${counts}
    from day_counts
    order by day
    on conflict (org_id, day) do update
    set ${addedTo('org_daily_activity', ['active_members', ...COUNTS])}`);
}

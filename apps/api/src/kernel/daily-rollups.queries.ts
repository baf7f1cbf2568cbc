import { sql } from 'drizzle-orm';
import type { Quality } from '@resonant/contracts/metrics';
import type { ReadingKind } from '@resonant/contracts/readings';
import type { Database } from '../db/client.ts';
import { organisations } from '../db/schema/organisations.ts';
import { readings } from '../db/schema/readings.ts';
import { memberDailyRollups } from '../db/schema/rollups.ts';
import type { OrgScope } from './scope.ts';

/**
 * Adds new readings of the scope's member to their rollups in one statement: per calendar day of
 * `takenAt` in the organisation's time zone (computed by the database), creating the day's row on
 * its first reading. Sums and counts are incremented in place, so concurrent ingests never lose an
 * update; days are written in order, so concurrent batches of one member cannot deadlock. Only a
 * good-quality reading with an RMSSD adds to the RMSSD sum (DESIGN §5: flagged readings stay out of
 * averages); every reading counts in readings_count. A day's RMSSDs are summed in the order given,
 * so a new day holds exactly what ingesting them one by one would; a day that had readings before
 * gets their sum added at once, equal to that up to floating-point rounding.
 */
export async function addReadingsToDailyRollups(
  db: Database,
  scope: OrgScope,
  list: readonly { takenAt: Date; kind: ReadingKind; quality: Quality; rmssd: number | null }[],
) {
  if (list.length === 0) return;
  // One array parameter per field, whatever the number of readings (as lib/bulk-insert.ts).
  const takenAt = sql.param(list.map((reading) => reading.takenAt.toISOString()));
  const kind = sql.param(list.map((reading) => reading.kind));
  const rmssd = sql.param(
    list.map((reading) => (reading.quality === 'good' ? reading.rmssd : null)),
  );
  const existing = 'member_daily_rollups';
  const add = (column: string) => sql.raw(`${column} = ${existing}.${column} + excluded.${column}`);
  await db.execute(sql`
    insert into ${memberDailyRollups} (org_id, account_id, day, rmssd_sum, rmssd_count,
      readings_count, morning_count, anytime_count, last_taken_at)
    select ${scope.orgId}::uuid, ${scope.accountId}::uuid, day,
      coalesce(sum(rmssd order by ordinal), 0), count(rmssd)::int, count(*)::int,
      (count(*) filter (where kind = 'morning'))::int,
      (count(*) filter (where kind = 'anytime'))::int,
      max(taken_at)
    from (
      select reading.*, (reading.taken_at at time zone ${organisations.timeZone})::date as day
      from unnest(${takenAt}::timestamptz[], ${kind}::text[], ${rmssd}::double precision[])
        with ordinality as reading (taken_at, kind, rmssd, ordinal)
      cross join ${organisations}
      where ${organisations.id} = ${scope.orgId}
    ) as batch
    group by day
    order by day
    on conflict (org_id, account_id, day) do update set
      ${add('rmssd_sum')}, ${add('rmssd_count')}, ${add('readings_count')},
      ${add('morning_count')}, ${add('anytime_count')},
      last_taken_at = greatest(${sql.raw(existing)}.last_taken_at, excluded.last_taken_at)`);
}

/**
 * Takes a deleted reading out of its member's rollups, in the deletion's transaction (after the
 * reading's row is gone): the member's day of `takenAt` (in the organisation's time zone) is
 * computed again from the readings left that day, with the same rules as addReadingsToDailyRollups,
 * and deleted when none is left. The totals follow through their triggers (an update takes the
 * old day out and puts the new one in, a delete takes it out), so every dashboard and report
 * reading the rollups changes with this commit.
 */
export async function removeReadingFromDailyRollups(db: Database, scope: OrgScope, takenAt: Date) {
  const remaining = sql`
    with day as (
      select (${takenAt.toISOString()}::timestamptz at time zone ${organisations.timeZone})::date
        as day, ${organisations.timeZone} as tz
      from ${organisations} where ${organisations.id} = ${scope.orgId}
    )
    select day.day, count(reading.id)::int as readings_count,
      coalesce(sum(reading.rmssd) filter (where reading.quality = 'good'), 0) as rmssd_sum,
      (count(reading.rmssd) filter (where reading.quality = 'good'))::int as rmssd_count,
      (count(reading.id) filter (where reading.kind = 'morning'))::int as morning_count,
      (count(reading.id) filter (where reading.kind = 'anytime'))::int as anytime_count,
      max(reading.taken_at) as last_taken_at
    from day
    left join ${readings} as reading on reading.org_id = ${scope.orgId}
      and reading.account_id = ${scope.accountId}
      and reading.taken_at >= (day.day::timestamp at time zone day.tz)
      and reading.taken_at < ((day.day + 1)::timestamp at time zone day.tz)
    group by day.day`;
  const member = sql`rollup.org_id = ${scope.orgId} and rollup.account_id = ${scope.accountId}`;
  await db.execute(sql`
    delete from ${memberDailyRollups} as rollup using (${remaining}) as remaining
    where ${member} and rollup.day = remaining.day and remaining.readings_count = 0`);
  await db.execute(sql`
    update ${memberDailyRollups} as rollup set rmssd_sum = remaining.rmssd_sum,
      rmssd_count = remaining.rmssd_count, readings_count = remaining.readings_count,
      morning_count = remaining.morning_count, anytime_count = remaining.anytime_count,
      last_taken_at = remaining.last_taken_at
    from (${remaining}) as remaining
    where ${member} and rollup.day = remaining.day and remaining.readings_count > 0`);
}

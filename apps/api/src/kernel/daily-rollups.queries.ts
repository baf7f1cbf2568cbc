import { sql } from 'drizzle-orm';
import type { Quality } from '@resonant/contracts/metrics';
import type { ReadingKind } from '@resonant/contracts/readings';
import type { Database } from '../db/client.ts';
import { organisations } from '../db/schema/organisations.ts';
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

import { eq, sql } from 'drizzle-orm';
import type { Quality } from '@resonant/contracts/metrics';
import type { ReadingKind } from '@resonant/contracts/readings';
import type { Database } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';
import type { OrgScope } from '../../auth/scope.ts';

/**
 * Adds one new reading to its member's rollup of that day — the calendar day of `takenAt` in the
 * organisation's time zone, computed by the database — creating the row on the day's first
 * reading. Sums and counts are incremented in place, so concurrent ingests never lose an update.
 * Only a good-quality reading with an RMSSD adds to the RMSSD sum (DESIGN §5: flagged readings
 * stay out of averages); every reading counts in readings_count.
 */
export async function addReadingToDailyRollup(
  db: Database,
  scope: OrgScope,
  reading: { takenAt: Date; kind: ReadingKind; quality: Quality; rmssd: number | null },
) {
  const rmssd = reading.quality === 'good' ? reading.rmssd : null;
  const takenAt = sql`${reading.takenAt.toISOString()}::timestamptz`;
  const localDay = sql`(${takenAt} at time zone ${organisations.timeZone})::date`;
  const org = eq(organisations.id, scope.orgId);
  const day = sql<string>`(select ${localDay} from ${organisations} where ${org})`;
  const existing = 'member_daily_rollups';
  const add = (column: string) => sql.raw(`${existing}.${column} + excluded.${column}`);
  await db
    .insert(memberDailyRollups)
    .values({
      orgId: scope.orgId,
      accountId: scope.accountId,
      day,
      rmssdSum: rmssd ?? 0,
      rmssdCount: rmssd === null ? 0 : 1,
      readingsCount: 1,
      morningCount: reading.kind === 'morning' ? 1 : 0,
      anytimeCount: reading.kind === 'anytime' ? 1 : 0,
      lastTakenAt: reading.takenAt,
    })
    .onConflictDoUpdate({
      target: [memberDailyRollups.orgId, memberDailyRollups.accountId, memberDailyRollups.day],
      set: {
        rmssdSum: add('rmssd_sum'),
        rmssdCount: add('rmssd_count'),
        readingsCount: add('readings_count'),
        morningCount: add('morning_count'),
        anytimeCount: add('anytime_count'),
        lastTakenAt: sql.raw(`greatest(${existing}.last_taken_at, excluded.last_taken_at)`),
      },
    });
}

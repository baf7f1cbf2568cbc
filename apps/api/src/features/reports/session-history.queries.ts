import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SessionType } from '@resonant/contracts/sessions';
import type { Database } from '../../db/client.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { tags } from '../../db/schema/readings.ts';
import type { ReachScope } from '../../kernel/scope.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import type { PresentedTag } from '../../lib/offered-tags.ts';
import { groupTags, rangeConditions, type TimeRange } from './reports.queries.ts';

/** The sessions history's filters. */
export type SessionFilter = TimeRange & { kind: SessionType; tagIds: readonly string[] };
/** A member's sessions of a kind passing the filters. */
function sessionsWhere(reach: ReachScope, accountId: string, filter: SessionFilter): SQL {
  const conditions: SQL[] = [
    eq(hrvSessions.orgId, reach.orgId),
    eq(hrvSessions.accountId, accountId),
    eq(hrvSessions.kind, filter.kind),
    ...rangeConditions(reach, hrvSessions.startedAt, filter),
  ];
  if (filter.tagIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${hrvSessionTags} where ${hrvSessionTags.sessionId} = ${hrvSessions.id} and ${inArray(hrvSessionTags.tagId, [...filter.tagIds])})`,
    );
  }
  return and(...conditions)!;
}

/** The tags of sessions of the reach's organisation, per session, sorted. */
export async function sessionTagsOf(
  db: Database,
  reach: ReachScope,
  sessionIds: readonly string[],
): Promise<Map<string, PresentedTag[]>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: hrvSessionTags.sessionId, id: tags.id, tag_name: tags.name })
    .from(hrvSessionTags)
    .innerJoin(tags, eq(tags.id, hrvSessionTags.tagId))
    .where(
      and(
        eq(hrvSessionTags.orgId, reach.orgId),
        inArray(hrvSessionTags.sessionId, [...sessionIds]),
      ),
    );
  return groupTags(rows);
}

const sessionColumns = {
  id: hrvSessions.id,
  accountId: hrvSessions.accountId,
  kind: hrvSessions.kind,
  name: hrvSessions.name,
  startedAt: hrvSessions.startedAt,
  createdAt: hrvSessions.createdAt,
  quality: hrvSessions.quality,
  breathsPerMinute: hrvSessions.breathsPerMinute,
  sessionMinutes: hrvSessions.sessionMinutes,
  breathTime: hrvSessions.breathTime,
  ozSesAvgPercentage: hrvSessions.ozSesAvgPercentage,
  optimalZoneSessionAverage: hrvSessions.optimalZoneSessionAverage,
  metrics: metricColumnsOf(hrvSessions),
};

/**
 * A page of one member's sessions of a kind passing the filters, newest first (the history
 * list), each with whether the app recorded optimal-zone samples: the first sample's presence,
 * not the array's length.
 */
export async function sessionHistoryPage(
  db: Database,
  reach: ReachScope,
  accountId: string,
  filter: SessionFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      ...sessionColumns,
      hasOzData: sql<boolean>`(${hrvSessions.optimalZoneSamples} -> 'values' -> 0) is not null`,
    })
    .from(hrvSessions)
    .where(sessionsWhere(reach, accountId, filter))
    .orderBy(desc(hrvSessions.startedAt), desc(hrvSessions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Where the CSV's previous batch of sessions ended: started_at as the database writes it
 * (microseconds kept) and the id, the tie-breaker.
 */
export type SessionKey = { startedAt: string; id: string };

/** One member's sessions of a kind passing the filters, oldest first, `limit` after a keyset. */
export async function sessionRows(
  db: Database,
  reach: ReachScope,
  accountId: string,
  filter: SessionFilter,
  page: { limit: number; after?: SessionKey | undefined },
) {
  const where = sessionsWhere(reach, accountId, filter);
  return db
    .select({ ...sessionColumns, cursorAt: sql<string>`${hrvSessions.startedAt}::text` })
    .from(hrvSessions)
    .where(
      page.after
        ? and(
            where,
            sql`(${hrvSessions.startedAt}, ${hrvSessions.id}) > (${page.after.startedAt}::timestamptz, ${page.after.id}::uuid)`,
          )
        : where,
    )
    .orderBy(asc(hrvSessions.startedAt), asc(hrvSessions.id))
    .limit(page.limit);
}

/**
 * The figures of a member's sessions of a kind in one statement: over the range, their count,
 * minutes and mean optimal-zone percentage and the means of good-quality sessions; over all time
 * (range and tags aside), the mean optimal-zone percentage.
 */
export async function sessionsSummary(
  db: Database,
  reach: ReachScope,
  accountId: string,
  filter: SessionFilter,
) {
  const inRange = sessionsWhere(reach, accountId, filter);
  const goodInRange = sql`${inRange} and ${hrvSessions.quality} = 'good'`;
  const goodMean = (column: AnyPgColumn) =>
    sql<number | null>`avg(${column}) filter (where ${goodInRange})`;
  const [row] = await db
    .select({
      sessionsCount: sql<number>`count(*) filter (where ${inRange})::int`,
      totalMinutes: sql<number>`coalesce(sum(${hrvSessions.sessionMinutes}) filter (where ${inRange}), 0)`,
      ozPercentage: sql<
        number | null
      >`avg(${hrvSessions.ozSesAvgPercentage}) filter (where ${inRange})`,
      allTimeOzPercentage: sql<number | null>`avg(${hrvSessions.ozSesAvgPercentage})`,
      rmssd: goodMean(hrvSessions.rmssd),
      sdnn: goodMean(hrvSessions.sdnn),
      minMax: goodMean(hrvSessions.minMax),
      lf: goodMean(hrvSessions.lf),
      hf: goodMean(hrvSessions.hf),
      vlf: goodMean(hrvSessions.vlf),
    })
    .from(hrvSessions)
    .where(
      and(
        eq(hrvSessions.orgId, reach.orgId),
        eq(hrvSessions.accountId, accountId),
        eq(hrvSessions.kind, filter.kind),
      ),
    );
  return row!;
}

/** The per-minute results of sessions of the reach's organisation, in minute order. */
export async function sessionMinutesOf(
  db: Database,
  reach: ReachScope,
  sessionIds: readonly string[],
) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: hrvSessionMinutes.sessionId,
      countTime: hrvSessionMinutes.countTime,
      metrics: metricColumnsOf(hrvSessionMinutes),
    })
    .from(hrvSessionMinutes)
    .where(
      and(
        eq(hrvSessionMinutes.orgId, reach.orgId),
        inArray(hrvSessionMinutes.sessionId, [...sessionIds]),
      ),
    )
    .orderBy(asc(hrvSessionMinutes.sessionId), asc(hrvSessionMinutes.countTime));
}

/** A session of the member in the reach's organisation with its optimal-zone samples; or null. */
export async function findSessionSamples(
  db: Database,
  reach: ReachScope,
  accountId: string,
  sessionId: string,
) {
  const [row] = await db
    .select({
      id: hrvSessions.id,
      kind: hrvSessions.kind,
      samples: hrvSessions.optimalZoneSamples,
    })
    .from(hrvSessions)
    .where(
      and(
        eq(hrvSessions.orgId, reach.orgId),
        eq(hrvSessions.accountId, accountId),
        eq(hrvSessions.id, sessionId),
      ),
    );
  return row ?? null;
}

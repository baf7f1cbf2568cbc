import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReadingTakenTime } from '@resonant/contracts/reports';
import type { Database } from '../../db/client.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import type { ReachScope } from '../../kernel/scope.ts';
import type { PresentedTag } from '../../lib/offered-tags.ts';
import {
  dayStart,
  groupTags,
  localDay,
  orgTimeZone,
  rangeConditions,
  type Page,
  type RangeBound,
  type TimeRange,
} from './reports.queries.ts';

/** The readings history's filters (SPEC §9), applied before any grouping. */
export type ReadingFilter = TimeRange & { takenTime: ReadingTakenTime; tagIds: readonly string[] };
/**
 * SPEC §9 reading time, in the organisation's time zone, by the minute as the UI shows times:
 * until_mid_day when the local time truncated to the minute is at or before 12:00 (before
 * 12:01:00), after_mid_day at or after 12:00:00, so the minute 12:00 is in both halves.
 */
function takenTimeCondition(reach: ReachScope, takenTime: ReadingTakenTime): SQL | undefined {
  const time = sql`(${readings.takenAt} at time zone ${orgTimeZone(reach)})::time`;
  if (takenTime === 'until_mid_day') return sql`${time} < time '12:01:00'`;
  if (takenTime === 'after_mid_day') return sql`${time} >= time '12:00:00'`;
  return undefined;
}

/** A member's readings passing the filters (scope first: the reach's organisation only). */
function readingsWhere(reach: ReachScope, accountId: string, filter: ReadingFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(readings.orgId, reach.orgId),
    eq(readings.accountId, accountId),
    ...rangeConditions(reach, readings.takenAt, filter),
    takenTimeCondition(reach, filter.takenTime),
  ];
  if (filter.tagIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${readingTags} where ${readingTags.readingId} = ${readings.id} and ${inArray(readingTags.tagId, [...filter.tagIds])})`,
    );
  }
  return and(...conditions)!;
}

/**
 * How many readings and days pass the filters, the first and last of those days, and the local
 * days of the range's bounds (null when unbounded): one statement.
 */
export async function readingsSummary(
  db: Database,
  reach: ReachScope,
  accountId: string,
  filter: ReadingFilter,
) {
  const boundDay = (bound: RangeBound | undefined) =>
    bound === undefined
      ? sql<string | null>`null::text`
      : 'day' in bound
        ? sql<string | null>`${bound.day}::text`
        : localDay(reach, sql`${bound.instant}::timestamptz`);
  const [row] = await db
    .select({
      readings: sql<number>`count(*)::int`,
      days: sql<number>`count(distinct ${localDay(reach, readings.takenAt)})::int`,
      firstDay: sql<string | null>`${localDay(reach, sql`min(${readings.takenAt})`)}`,
      lastDay: sql<string | null>`${localDay(reach, sql`max(${readings.takenAt})`)}`,
      fromDay: boundDay(filter.from),
      toDay: boundDay(filter.to),
    })
    .from(readings)
    .where(readingsWhere(reach, accountId, filter));
  return row!;
}

const readingMetrics = {
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
};

/**
 * Where the CSV's previous batch of readings ended: its last reading's taken_at as the database
 * writes it (`taken_at::text`, microseconds kept: a JavaScript Date would cut them to
 * milliseconds and repeat or loop over rows) and its id, the tie-breaker.
 */
export type ReadingKey = { takenAt: string; id: string };

/** One member's readings passing the filters, a page of them, each as a row of its own. */
export async function readingRows(
  db: Database,
  reach: ReachScope,
  accountId: string,
  filter: ReadingFilter,
  page: Page<ReadingKey>,
) {
  const where = readingsWhere(reach, accountId, filter);
  const query = db
    .select({
      id: readings.id,
      takenAt: readings.takenAt,
      cursorAt: sql<string>`${readings.takenAt}::text`,
      day: localDay(reach, readings.takenAt),
      localTime: sql<string>`to_char((${readings.takenAt} at time zone ${orgTimeZone(reach)}), 'YYYY-MM-DD HH24:MI')`,
      kind: readings.kind,
      quality: readings.quality,
      createdAt: readings.createdAt,
      ...readingMetrics,
    })
    .from(readings);
  const rows =
    page.order === 'newest'
      ? await query
          .where(where)
          .orderBy(desc(readings.takenAt), desc(readings.id))
          .limit(page.limit)
          .offset(page.offset)
      : await query
          .where(
            page.after
              ? and(
                  where,
                  sql`(${readings.takenAt}, ${readings.id}) > (${page.after.takenAt}::timestamptz, ${page.after.id}::uuid)`,
                )
              : where,
          )
          .orderBy(asc(readings.takenAt), asc(readings.id))
          .limit(page.limit);
  return rows.map((row) => ({ ...row, readingsCount: 1, readingIds: [row.id] }));
}

/** Where the CSV's previous batch of daily means ended: its last day. */
export type DayKey = string;

/**
 * One member's daily means (SPEC §9 `average`), a page of days: per local day, the mean of every
 * metric over the day's good-quality readings, or over its low-quality ones when it has no good
 * one. The kind, tags and creation time are those of the readings averaged. An oldest-first page
 * reads only `limit` calendar days from the first day with a reading after the keyset, so each
 * batch's grouping touches at most that many days; it may hold fewer rows while more follow.
 */
export async function readingDayRows(
  db: Database,
  reach: ReachScope,
  accountId: string,
  filter: ReadingFilter,
  page: Page<DayKey>,
) {
  const after = page.order === 'oldest' ? page.after : undefined;
  // The keyset as a time bound, so the index narrows the readings read, not only the days kept.
  const fromCursor = and(
    readingsWhere(reach, accountId, filter),
    after ? sql`${readings.takenAt} >= ${dayStart(reach, after, 1)}` : undefined,
  )!;
  // The window's end: `limit` days after the first day left (the subquery's own `readings`).
  const windowEnd = sql`(select (${localDay(reach, sql`min(${readings.takenAt})`)}::date + ${page.limit}::int)::timestamp at time zone ${orgTimeZone(reach)} from ${readings} where ${fromCursor})`;
  const where =
    page.order === 'oldest'
      ? and(fromCursor, sql`${readings.takenAt} < ${windowEnd}`)!
      : fromCursor;
  const day = localDay(reach, readings.takenAt);
  const filtered = db.$with('filtered').as(
    db
      .select({
        id: sql<string>`${readings.id}`.as('reading_id'),
        day: sql<string>`${day}`.as('day'),
        kind: sql<string>`${readings.kind}`.as('reading_kind'),
        good: sql<boolean>`${readings.quality} = 'good'`.as('good'),
        dayHasGood:
          sql<boolean>`bool_or(${readings.quality} = 'good') over (partition by ${day})`.as(
            'day_has_good',
          ),
        createdAt: sql`${readings.createdAt}`.as('reading_created_at'),
        ...Object.fromEntries(
          Object.entries(readingMetrics).map(([key, column]) => [
            key,
            sql<number | null>`${column}`.as(`m_${column.name}`),
          ]),
        ),
      })
      .from(readings)
      .where(where),
  );
  const mean = (key: keyof typeof readingMetrics) =>
    sql<number | null>`avg(${sql.identifier(`m_${readingMetrics[key].name}`)})`;
  const query = db
    .with(filtered)
    .select({
      day: filtered.day,
      dayStart: sql`(${filtered.day}::date::timestamp at time zone ${orgTimeZone(reach)})`.mapWith(
        readings.takenAt,
      ),
      hasGood: sql<boolean>`bool_or(${filtered.good})`,
      morning: sql<boolean>`bool_or(${filtered.kind} = 'morning')`,
      readingsCount: sql<number>`count(*)::int`,
      createdAt: sql`max(${filtered.createdAt})`.mapWith(readings.createdAt),
      readingIds: sql<string[] | string>`json_agg(${filtered.id})`,
      ...(Object.fromEntries(
        Object.keys(readingMetrics).map((key) => [key, mean(key as keyof typeof readingMetrics)]),
      ) as Record<keyof typeof readingMetrics, SQL<number | null>>),
    })
    .from(filtered)
    // A day with a good reading is the mean of its good ones; a day without, of its low ones.
    .where(sql`${filtered.good} or not ${filtered.dayHasGood}`)
    .groupBy(filtered.day);
  const rows =
    page.order === 'newest'
      ? await query.orderBy(desc(filtered.day)).limit(page.limit).offset(page.offset)
      : await query.orderBy(asc(filtered.day)).limit(page.limit);
  return rows.map(({ day, dayStart: start, hasGood, morning, readingIds, ...row }) => ({
    ...row,
    id: `${accountId}:${day}`,
    takenAt: start,
    cursorAt: day,
    day,
    localTime: day,
    kind: morning ? ('morning' as const) : ('anytime' as const),
    quality: hasGood ? ('good' as const) : ('low' as const),
    // node-postgres parses json; PGlite too, but a driver handing back text is read the same.
    readingIds: (typeof readingIds === 'string' ? JSON.parse(readingIds) : readingIds) as string[],
  }));
}

/** The tags of readings of the reach's organisation, per reading, sorted as recordings list them. */
export async function readingTagsOf(
  db: Database,
  reach: ReachScope,
  readingIds: readonly string[],
): Promise<Map<string, PresentedTag[]>> {
  const byReading = new Map<string, PresentedTag[]>();
  if (readingIds.length === 0) return byReading;
  const rows = await db
    .select({ ownerId: readingTags.readingId, id: tags.id, tag_name: tags.name })
    .from(readingTags)
    .innerJoin(tags, eq(tags.id, readingTags.tagId))
    .where(
      and(eq(readingTags.orgId, reach.orgId), inArray(readingTags.readingId, [...readingIds])),
    );
  return groupTags(rows);
}

/**
 * The member's good-quality readings with an RMSSD, passing the reading time, from `lookBackDays`
 * before `fromDay` to `toDay` (local days), as one value per day: the day's geometric mean
 * (exp of the mean ln RMSSD). The normal range works on each day's mean ln RMSSD, which this keeps
 * exactly, while memory grows with days, not readings.
 */
export async function dailyGoodRmssd(
  db: Database,
  reach: ReachScope,
  accountId: string,
  range: { fromDay: string; toDay: string; lookBackDays: number; takenTime: ReadingTakenTime },
): Promise<{ day: string; rmssd: number }[]> {
  const day = localDay(reach, readings.takenAt);
  return (
    db
      .select({ day, rmssd: sql<number>`exp(avg(ln(${readings.rmssd})))` })
      .from(readings)
      .where(
        and(
          eq(readings.orgId, reach.orgId),
          eq(readings.accountId, accountId),
          eq(readings.quality, 'good'),
          // ln is undefined at 0: such a reading has no place in the normal range.
          sql`${readings.rmssd} > 0`,
          sql`${readings.takenAt} >= ${dayStart(reach, range.fromDay, -range.lookBackDays)}`,
          sql`${readings.takenAt} < ${dayStart(reach, range.toDay, 1)}`,
          takenTimeCondition(reach, range.takenTime),
        ),
      )
      // By position: the day's expression carries its own parameters, so it cannot be repeated.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

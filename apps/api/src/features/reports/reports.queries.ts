import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReadingTakenTime } from '@resonant/contracts/reports';
import type { SessionType } from '@resonant/contracts/sessions';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/accounts.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { groupMemberships, orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import type { ReachScope } from '../../kernel/scope.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';

/** A bound of a range: an instant (UTC ISO), or a calendar day in the organisation's time zone. */
export type RangeBound = { instant: string } | { day: string };

/** The range of a history: `to` as a day is included whole. */
type TimeRange = { from?: RangeBound | undefined; to?: RangeBound | undefined };

/** The readings history's filters (SPEC §9), applied before any grouping. */
export type ReadingFilter = TimeRange & { takenTime: ReadingTakenTime; tagIds: readonly string[] };

/** The sessions history's filters. */
export type SessionFilter = TimeRange & { kind: SessionType; tagIds: readonly string[] };

/** A reach that may carry its organisation's time zone, read once for a long export. */
type ZonedReach = ReachScope & { timeZone?: string };

/**
 * The organisation's IANA time zone: the value a long export read once, or read by the statement
 * itself. A subquery hides the value from PostgreSQL's planner, which then misjudges range bounds
 * built on it; an export runs a thousand statements, so it passes the value.
 */
const orgTimeZone = (reach: ZonedReach) =>
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
const localDay = (reach: ReachScope, instant: SQL | AnyPgColumn) =>
  sql<string>`to_char((${instant} at time zone ${orgTimeZone(reach)}), 'YYYY-MM-DD')`;

/** The start of a calendar day of the organisation's time zone, `shift` days later, as an instant. */
const dayStart = (reach: ReachScope, day: string, shift = 0) =>
  sql`((${day}::date + ${shift}::int)::timestamp at time zone ${orgTimeZone(reach)})`;

/** The conditions of a time range on a timestamp column. */
function rangeConditions(reach: ReachScope, column: AnyPgColumn, range: TimeRange): SQL[] {
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
 * One page of rows: newest first by offset (the JSON history), or oldest first after a keyset
 * (the CSV, whatever its length, in constant memory).
 */
export type Page<After> =
  | { order: 'newest'; limit: number; offset: number }
  | { order: 'oldest'; limit: number; after?: After | undefined };

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

function groupTags(rows: { ownerId: string; id: string; tag_name: string }[]) {
  const byOwner = new Map<string, PresentedTag[]>();
  for (const { ownerId, ...tag } of rows) {
    const list = byOwner.get(ownerId) ?? [];
    list.push(tag);
    byOwner.set(ownerId, list);
  }
  for (const list of byOwner.values()) sortTags(list);
  return byOwner;
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

import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  SESSION_NOT_FOUND_MESSAGE,
  STORED_SESSION_TYPE,
  type ChartDataGroupBy,
  type FrequencyDomain,
  type HistorySession,
  type MemberReading,
  type MemberReadingsParams,
  type MemberReadingsResponse,
  type NormalRangeDay,
  type RawDataResponse,
  type ReadingTakenTime,
  type SelectedHistoryParams,
  type SelectedHistoryResponse,
  type SessionMinuteResult,
  type SessionsAllTimeParams,
  type SessionsAllTimeResponse,
  type TimeDomain,
} from '@resonant/contracts/reports';
import type { HrvMetrics } from '@resonant/contracts/metrics';
import { finiteOrNull } from '@resonant/hrv/finite';
import {
  NORMAL_RANGE_WINDOW_DAYS,
  dailyLnRmssd,
  dayNumber,
  normalRangeDays,
  normalRangeOn,
  readingStanding,
} from '@resonant/hrv/normal-range';
import type { AppDeps } from '../../app-deps.ts';
import { requireReach, type ReachScope, type TenantScope } from '../../kernel/scope.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { resolveOfferedTags, sortTags, type PresentedTag } from '../../lib/offered-tags.ts';
import {
  dailyGoodRmssd,
  findMemberWithin,
  findSessionSamples,
  readingDayRows,
  readingRows,
  readingTagsOf,
  readingsSummary,
  sessionHistoryPage,
  sessionMinutesOf,
  sessionRows,
  sessionsSummary,
  sessionTagsOf,
  type DayKey,
  type Page,
  type RangeBound,
  type ReadingFilter,
  type ReadingKey,
  type SessionFilter,
} from './reports.queries.ts';

type Deps = Pick<AppDeps, 'db'>;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// An instant goes to the database in UTC: its own offset may be one PostgreSQL refuses (+16:00).
const toBound = (value: string | undefined): RangeBound | undefined =>
  value === undefined
    ? undefined
    : DAY_ONLY.test(value)
      ? { day: value }
      : { instant: new Date(value).toISOString() };

/** The reach of the caller, or 404 USER_NOT_FOUND_MESSAGE when the member is outside it. */
async function memberInReach(db: Database, scope: TenantScope, userId: string) {
  const reach = requireReach(scope);
  const member = await findMemberWithin(db, reach, userId);
  if (!member) throw notFound(USER_NOT_FOUND_MESSAGE);
  return { reach, member };
}

/** The filter's tag ids, each checked against the organisation's offer (else 400 Unknown tag). */
export async function offeredTagIds(
  db: Database,
  reach: ReachScope,
  ids: readonly string[] | undefined,
): Promise<string[]> {
  return (await resolveOfferedTags(db, reach, ids)).map((tag) => tag.id);
}

/** The readings history's query, as the JSON route and the CSV share it. */
export type ReadingsHistoryQuery = {
  from?: string | undefined;
  to?: string | undefined;
  reading_taken_time: ReadingTakenTime;
  chart_data_group_by: ChartDataGroupBy;
};

/** A member's readings history before its rows: the filter, the rows it holds, the normal range. */
export type MemberHistory = {
  accountId: string;
  filter: ReadingFilter;
  groupBy: ChartDataGroupBy;
  /** Rows in all: readings, or days with `average`. */
  total: number;
  /** The local day of the last row (null without rows): where a daily-mean CSV ends. */
  lastDay: string | null;
  /** The member's daily mean ln RMSSD (packages/hrv), for each row's reading_result. */
  daily: ReadonlyMap<number, number>;
  normalRange: NormalRangeDay[];
};

/**
 * Everything of a member's readings history but its rows, in two statements: how many rows the
 * filters leave, and the member's days of good readings (passing the reading time, whatever the
 * tags) from 59 days before the range to its end, for the normal range.
 */
export async function prepareMemberHistory(
  db: Database,
  reach: ReachScope,
  accountId: string,
  query: ReadingsHistoryQuery,
  tagIds: readonly string[],
): Promise<MemberHistory> {
  const filter: ReadingFilter = {
    from: toBound(query.from),
    to: toBound(query.to),
    takenTime: query.reading_taken_time,
    tagIds,
  };
  const groupBy = query.chart_data_group_by;
  const summary = await readingsSummary(db, reach, accountId, filter);
  const history = { accountId, filter, groupBy };
  if (summary.readings === 0 || !summary.firstDay || !summary.lastDay) {
    return { ...history, total: 0, lastDay: null, daily: new Map(), normalRange: [] };
  }
  const fromDay = summary.fromDay ?? summary.firstDay;
  const toDay = summary.toDay ?? summary.lastDay;
  const days = await dailyGoodRmssd(db, reach, accountId, {
    fromDay,
    toDay,
    lookBackDays: NORMAL_RANGE_WINDOW_DAYS - 1,
    takenTime: filter.takenTime,
  });
  return {
    ...history,
    total: groupBy === 'average' ? summary.days : summary.readings,
    lastDay: summary.lastDay,
    daily: dailyLnRmssd(days),
    normalRange: normalRangeOfDays(days, fromDay, toDay),
  };
}

/**
 * The days from `fromDay` to `toDay` with a baseline, CV or normal range. normalRangeDays visits
 * only the days within 59 days after a day with a value, so the cost follows the member's days
 * with readings, never the calendar span of an unbounded range (a reading dated year 1).
 */
function normalRangeOfDays(
  days: readonly { day: string; rmssd: number }[],
  fromDay: string,
  toDay: string,
): NormalRangeDay[] {
  return normalRangeDays(days, fromDay, toDay)
    .filter(
      (figures) =>
        figures.baseline !== null ||
        figures.cvPercent !== null ||
        figures.normalLow !== null ||
        figures.normalHigh !== null,
    )
    .map((figures) => ({
      date: figures.day,
      baseline: figures.baseline,
      cv_percent: figures.cvPercent,
      normal_low: figures.normalLow,
      normal_high: figures.normalHigh,
    }));
}

/** A row of the readings history: one reading, or one day's mean. */
export type HistoryRow = Awaited<ReturnType<typeof readingRows>>[number];

/** The keyset after a row of the history, for the next oldest-first page. */
export function historyKeyAfter(history: MemberHistory, row: HistoryRow): ReadingKey | DayKey {
  return history.groupBy === 'average' ? row.cursorAt : { takenAt: row.cursorAt, id: row.id };
}

/** A page of a member's history rows, as its grouping makes them. */
export async function historyRows(
  db: Database,
  reach: ReachScope,
  history: MemberHistory,
  page: Page<ReadingKey> | Page<DayKey>,
): Promise<HistoryRow[]> {
  if (history.groupBy === 'average') {
    return readingDayRows(db, reach, history.accountId, history.filter, page as Page<DayKey>);
  }
  return readingRows(db, reach, history.accountId, history.filter, page as Page<ReadingKey>);
}

/** The rows as SPEC §3 Readings, their tags read in one statement. */
export async function presentHistoryRows(
  db: Database,
  reach: ReachScope,
  history: MemberHistory,
  rows: readonly HistoryRow[],
): Promise<MemberReading[]> {
  const tagsByReading = await readingTagsOf(
    db,
    reach,
    rows.flatMap((row) => row.readingIds),
  );
  return rows.map((row) =>
    presentReading(history, row, unionOfTags(row.readingIds.map((id) => tagsByReading.get(id)))),
  );
}

/** The tags of several recordings, each once, sorted as recordings list them. */
function unionOfTags(lists: readonly (PresentedTag[] | undefined)[]): PresentedTag[] {
  const byId = new Map<string, PresentedTag>();
  for (const tag of lists.flat()) if (tag) byId.set(tag.id, tag);
  return sortTags([...byId.values()]);
}

/**
 * Where a row stands against the member's normal range on its day: only a good row with an
 * RMSSD, on a day that has a normal range.
 */
function readingResult(history: MemberHistory, row: HistoryRow): MemberReading['reading_result'] {
  if (row.quality !== 'good' || row.rmssd === null) return null;
  const range = normalRangeOn(history.daily, dayNumber(row.day));
  return range ? readingStanding(row.rmssd, range) : null;
}

/** SPEC §3 Reading: time-domain and frequency-domain measures grouped as the charts read them. */
function presentReading(
  history: MemberHistory,
  row: HistoryRow,
  tags: PresentedTag[],
): MemberReading {
  return {
    id: row.id,
    dateTime: row.takenAt.toISOString(),
    userId: history.accountId,
    kind: row.kind,
    quality: row.quality,
    reading_result: readingResult(history, row),
    readings_count: row.readingsCount,
    rmssd: finiteOrNull(row.rmssd),
    created_at: row.createdAt.toISOString(),
    tags,
    time_domain: timeDomain(row),
    frequency_domain: frequencyDomain(row),
  };
}

type MetricValues = Partial<Record<keyof HrvMetrics, number | null>>;

/** The time-domain measures of a recording or a mean (never NaN: non-finite is null). */
function timeDomain(metrics: MetricValues): TimeDomain {
  return {
    minMax: finiteOrNull(metrics.minMax),
    sdnn: finiteOrNull(metrics.sdnn),
    sdsd: finiteOrNull(metrics.sdsd),
    mean_hr: finiteOrNull(metrics.meanHr),
    max_hr: finiteOrNull(metrics.maxHr),
    min_hr: finiteOrNull(metrics.minHr),
    mean_nni: finiteOrNull(metrics.meanNni),
    median_nni: finiteOrNull(metrics.medianNni),
    range_nni: finiteOrNull(metrics.rangeNni),
  };
}

function frequencyDomain(metrics: MetricValues): FrequencyDomain {
  return {
    lf: finiteOrNull(metrics.lf),
    hf: finiteOrNull(metrics.hf),
    vlf: finiteOrNull(metrics.vlf),
    total_power: finiteOrNull(metrics.totalPower),
  };
}

/**
 * One member's readings (SPEC §7 GET /user/rmssd) with the filters of SPEC §9, newest first, and
 * their normal range. A member outside the caller's reach — another group, another organisation,
 * or no one — answers 404, never an empty list, so ids cannot be probed.
 */
export async function listReadingsOfMember(
  { db }: Deps,
  scope: TenantScope,
  query: MemberReadingsParams,
): Promise<MemberReadingsResponse> {
  const { reach } = await memberInReach(db, scope, query.user_id);
  const tagIds = await offeredTagIds(db, reach, query.tag_ids);
  const history = await prepareMemberHistory(db, reach, query.user_id, query, tagIds);
  const rows =
    history.total === 0
      ? []
      : await historyRows(db, reach, history, {
          order: 'newest',
          limit: query.limit,
          offset: query.offset,
        });
  return {
    list: await presentHistoryRows(db, reach, history, rows),
    noOfRows: history.total,
    normal_range: history.normalRange,
  };
}

/** The session filter of a history query. */
export function sessionFilter(
  type: keyof typeof STORED_SESSION_TYPE,
  range: { from?: string | undefined; to?: string | undefined },
  tagIds: readonly string[],
): SessionFilter {
  return {
    kind: STORED_SESSION_TYPE[type],
    from: toBound(range.from),
    to: toBound(range.to),
    tagIds,
  };
}

/** A stored session row as the history list reads it. */
type SessionRow = Awaited<ReturnType<typeof sessionHistoryPage>>[number];

/** A session's or minute's measures as SPEC §3 groups them, RMSSD with the time domain. */
const domains = (metrics: MetricValues) => ({
  timeDomain: { ...timeDomain(metrics), rmssd: finiteOrNull(metrics.rmssd) },
  frequencyDomain: frequencyDomain(metrics),
});

/** SPEC §3 Session as the history tabs read it, with its minutes and tags. */
function presentSession(
  row: SessionRow,
  results: SessionMinuteResult[],
  tags: PresentedTag[],
): HistorySession {
  const m = row.metrics;
  return {
    sessionId: row.id,
    userId: row.accountId,
    type: row.kind,
    dateTime: row.startedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sessionName: row.name,
    quality: row.quality,
    breathsPerMinute: finiteOrNull(row.breathsPerMinute),
    sessionMinutes: finiteOrNull(row.sessionMinutes),
    ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(row.optimalZoneSessionAverage),
    rmssd: finiteOrNull(m.rmssd),
    lf: finiteOrNull(m.lf),
    hf: finiteOrNull(m.hf),
    vlf: finiteOrNull(m.vlf),
    minMax: finiteOrNull(m.minMax),
    sdnn: finiteOrNull(m.sdnn),
    has_oz_data: row.hasOzData,
    exercises: [{ name: row.name, tags }],
    averages: domains(m),
    breathTime: row.breathTime,
    results,
    tags,
  };
}

/**
 * One member's sessions of a type (SPEC §7 GET /selected-history), newest first, a page at a
 * time, each with its per-minute results and tags (one statement each for the page).
 */
export async function selectedHistory(
  { db }: Deps,
  scope: TenantScope,
  query: SelectedHistoryParams,
): Promise<SelectedHistoryResponse> {
  const { reach, member } = await memberInReach(db, scope, query.user_id);
  const filter = sessionFilter(query.type, query, await offeredTagIds(db, reach, query.tag_ids));
  const summary = await sessionsSummary(db, reach, query.user_id, filter);
  const rows =
    summary.sessionsCount === 0
      ? []
      : await sessionHistoryPage(db, reach, query.user_id, filter, {
          limit: query.limit,
          offset: query.offset,
        });
  const ids = rows.map((row) => row.id);
  const minutes = await sessionMinutesOf(db, reach, ids);
  const tagsBySession = await sessionTagsOf(db, reach, ids);
  const resultsBySession = new Map<string, SessionMinuteResult[]>();
  for (const minute of minutes) {
    const list = resultsBySession.get(minute.sessionId) ?? [];
    list.push({ countTime: minute.countTime, ...domains(minute.metrics) });
    resultsBySession.set(minute.sessionId, list);
  }
  return {
    user: { first_name: member.firstName, last_name: member.lastName },
    allTimeOzPercentage: finiteOrNull(summary.allTimeOzPercentage),
    list: rows.map((row) =>
      presentSession(row, resultsBySession.get(row.id) ?? [], tagsBySession.get(row.id) ?? []),
    ),
    noOfRows: summary.sessionsCount,
  };
}

/**
 * One member's sessions of a type over a range (SPEC §7 GET /hrv_analytics/biofeedback/all-time):
 * every session as a chart point, oldest first, and the range's figures.
 */
export async function sessionsAllTime(
  { db }: Deps,
  scope: TenantScope,
  query: SessionsAllTimeParams,
): Promise<SessionsAllTimeResponse> {
  const { reach, member } = await memberInReach(db, scope, query.userId);
  const filter = sessionFilter(
    query.sessionType,
    query,
    await offeredTagIds(db, reach, query.tag_ids),
  );
  const summary = await sessionsSummary(db, reach, query.userId, filter);
  const rows =
    summary.sessionsCount === 0
      ? []
      : await sessionRows(db, reach, query.userId, filter, { limit: summary.sessionsCount });
  const tagsBySession = await sessionTagsOf(
    db,
    reach,
    rows.map((row) => row.id),
  );
  return {
    user: { first_name: member.firstName, last_name: member.lastName },
    sessionsCount: summary.sessionsCount,
    totalMinutes: finiteOrNull(summary.totalMinutes) ?? 0,
    ozPercentage: finiteOrNull(summary.ozPercentage),
    allTimeOzPercentage: finiteOrNull(summary.allTimeOzPercentage),
    averages: {
      rmssd: finiteOrNull(summary.rmssd),
      sdnn: finiteOrNull(summary.sdnn),
      minMax: finiteOrNull(summary.minMax),
      lf: finiteOrNull(summary.lf),
      hf: finiteOrNull(summary.hf),
      vlf: finiteOrNull(summary.vlf),
    },
    sessions: rows.map((row) => ({
      sessionId: row.id,
      dateTime: row.startedAt.toISOString(),
      sessionName: row.name,
      quality: row.quality,
      rmssd: finiteOrNull(row.metrics.rmssd),
      sdnn: finiteOrNull(row.metrics.sdnn),
      minMax: finiteOrNull(row.metrics.minMax),
      lf: finiteOrNull(row.metrics.lf),
      hf: finiteOrNull(row.metrics.hf),
      vlf: finiteOrNull(row.metrics.vlf),
      ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
      tags: tagsBySession.get(row.id) ?? [],
    })),
  };
}

/**
 * A session's raw optimal-zone samples (SPEC §7 GET /raw-data/{sessionId}); empty when the app
 * recorded none. 404 when the member is outside the reach or the session is not theirs.
 */
export async function rawSessionData(
  { db }: Deps,
  scope: TenantScope,
  sessionId: string,
  userId: string,
): Promise<RawDataResponse> {
  const { reach } = await memberInReach(db, scope, userId);
  const session = await findSessionSamples(db, reach, userId, sessionId);
  if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const samples = session.samples;
  return {
    list: [
      {
        sessionId: session.id,
        type: session.kind,
        oz_values: samples?.values ?? [],
        reportStartTime: samples?.kind === 'mindfulness' ? samples.reportStartTime : null,
      },
    ],
  };
}

import {
  type ChartDataGroupBy,
  type MemberReading,
  type MemberReadingsParams,
  type MemberReadingsResponse,
  type NormalRangeDay,
  type ReadingTakenTime,
} from '@resonant/contracts/reports';
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
import type { ReachScope, TenantScope } from '../../kernel/scope.ts';
import type { Database } from '../../db/client.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';
import { auditHealthData } from './health-data-audit.ts';
import { keysetPages } from './keyset-pages.ts';
import {
  dailyGoodRmssd,
  readingDayRows,
  readingRows,
  readingTagsOf,
  readingsSummary,
  type DayKey,
  type ReadingFilter,
  type ReadingKey,
} from './reading-history.queries.ts';
import type { NewestPage } from './reports.queries.ts';
import { frequencyDomain, timeDomain } from '../../kernel/hrv-domains.ts';
import { memberInReach, offeredTagIds, toBound } from './reports.service.ts';

type Deps = Pick<AppDeps, 'db'>;

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

/** A page of a member's history rows, newest first by offset (the JSON route). */
async function historyRows(
  db: Database,
  reach: ReachScope,
  history: MemberHistory,
  page: NewestPage,
): Promise<HistoryRow[]> {
  return history.groupBy === 'average'
    ? readingDayRows(db, reach, history.accountId, history.filter, page)
    : readingRows(db, reach, history.accountId, history.filter, page);
}

/**
 * A member's history rows oldest first, `limit` a page, each page read after the previous one's
 * keyset (the CSV): the day of a daily mean, else the reading's taken_at and id.
 */
export function historyPages(
  db: Database,
  reach: ReachScope,
  history: MemberHistory,
  limit: number,
): AsyncGenerator<HistoryRow[]> {
  const { accountId, filter } = history;
  if (history.groupBy === 'average') {
    return keysetPages<DayKey, HistoryRow>({
      read: (after) =>
        readingDayRows(db, reach, accountId, filter, { order: 'oldest', limit, after }),
      keyAfter: (row) => row.cursorAt,
      // A page of daily means is a window of days: it may hold fewer rows while later ones follow.
      isLast: (rows) => rows.at(-1)?.day === history.lastDay,
    });
  }
  return keysetPages<ReadingKey, HistoryRow>({
    read: (after) => readingRows(db, reach, accountId, filter, { order: 'oldest', limit, after }),
    keyAfter: (row) => ({ takenAt: row.cursorAt, id: row.id }),
    isLast: (rows) => rows.length < limit,
  });
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
  await auditHealthData(db, scope, 'health-data.read', [query.user_id], {
    report: 'readings',
    from: query.from,
    to: query.to,
  });
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

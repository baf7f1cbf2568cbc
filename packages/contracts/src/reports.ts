import { z } from 'zod';
import { inStorableYears, STORABLE_YEARS_MESSAGE } from './fields.ts';
import { Quality } from './metrics.ts';
import { ReadingKind } from './readings.ts';
import { BreathTime, OzSample, SessionType } from './sessions.ts';
import { Tag } from './tags.ts';

/**
 * Reports (SPEC §2 Reports, §3 Reading / Session / Raw session data, §7 Readings and sessions, §9):
 * one member's readings and sessions over a time range, their CSV exports, and each member's
 * normal range. Org admins reach every member of their organisation, group admins the members of
 * their current group; anyone else's id answers 404.
 */

/** SPEC §9: the reports user picker takes at most this many users. */
export const REPORTS_MAX_USERS = 5;
export const REPORTS_MAX_USERS_MESSAGE = `You can pick at most ${REPORTS_MAX_USERS} users.`;

/** SPEC §2 / §4: the three tabs of the reports page, verbatim ('Mindfullness' as the spec spells it). */
export const REPORT_TAB_LABELS = {
  readings: 'Daily Readings History',
  exercise: 'BioFeedback History',
  mindfulness: 'Mindfullness History',
} as const;

/** SPEC §8: shown instead of the optimal-zone chart of a session recorded without it. */
export const OZ_NOT_RECORDED_MESSAGE =
  'Optimal Zone data was not recorded because it was disabled/OFF, make sure you have Optimal Zone enabled/ON before taking session';

/** SPEC §9: the default range is the last 8 months up to now, inclusive. */
export const REPORT_DEFAULT_RANGE_MONTHS = 8;

/** SPEC §9 reading time, by the minute: until_mid_day at or before 12:00, after_mid_day from 12:00. */
export const READING_TAKEN_TIMES = ['whole_day', 'until_mid_day', 'after_mid_day'] as const;
export const ReadingTakenTime = z.enum(READING_TAKEN_TIMES, {
  error: 'Must be whole_day, until_mid_day or after_mid_day',
});
export type ReadingTakenTime = z.infer<typeof ReadingTakenTime>;

/** SPEC §9 grouping: every reading (distinct), or one daily mean per member (average). */
export const CHART_DATA_GROUP_BYS = ['distinct', 'average'] as const;
export const ChartDataGroupBy = z.enum(CHART_DATA_GROUP_BYS, {
  error: 'Must be distinct or average',
});
export type ChartDataGroupBy = z.infer<typeof ChartDataGroupBy>;

/** The history tabs' session types: `exercise` is biofeedback (SPEC §7 `type=exercise`). */
export const HISTORY_SESSION_TYPES = ['exercise', 'mindfulness'] as const;
export const HistorySessionType = z.enum(HISTORY_SESSION_TYPES, {
  error: 'Must be exercise or mindfulness',
});
export type HistorySessionType = z.infer<typeof HistorySessionType>;

/** The stored session type each history type reads. */
export const STORED_SESSION_TYPE: Record<HistorySessionType, SessionType> = {
  exercise: 'biofeedback',
  mindfulness: 'mindfulness',
};

/** A date-time with its offset, or a calendar day read in the organisation's time zone. */
export const RangeBound = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Must be an ISO 8601 date-time with a time zone or a date (YYYY-MM-DD)',
  })
  .refine(inStorableYears, STORABLE_YEARS_MESSAGE);

/**
 * An id in a report query: a uuid in any case, lower-cased, as the database writes ids, so an
 * upper-case id finds its member and the answer echoes ids as everywhere else.
 */
const IdParam = (message: string) => z.uuid(message).transform((id) => id.toLowerCase());

/** Most tags a report filters by. */
export const REPORT_TAGS_MAX = 20;

/**
 * A list of ids in a query string: comma-separated (`a,b`), or the parameter repeated. Empty
 * items are ignored; each must be an id.
 */
export const IdListParam = (field: string, max: number) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be a list of ids` })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(
      z
        .array(IdParam(`${field} must be a list of ids`))
        .max(max, `${field} takes at most ${max} ids`),
    );

export const TagIdsParam = IdListParam('tag_ids', REPORT_TAGS_MAX)
  .optional()
  .describe(
    'Tag ids from GET /api/tags, comma-separated: only recordings carrying at least one of them.',
  );

/** Most readings one call answers; `noOfRows` tells when a range holds more. */
export const MEMBER_READINGS_MAX_LIMIT = 1000;

const Limit = (max: number, defaultValue: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(defaultValue);

const Offset = z.coerce
  .number({ error: 'offset must be a number' })
  .int('offset must be a whole number')
  .min(0, 'offset must be at least 0')
  .default(0);

/** The filters of the readings history (SPEC §9), shared by the JSON call and the CSV. */
export const ReadingFilters = {
  from: RangeBound.optional(),
  to: RangeBound.optional(),
  reading_taken_time: ReadingTakenTime.default('whole_day'),
  chart_data_group_by: ChartDataGroupBy.default('distinct'),
  tag_ids: TagIdsParam,
};

/**
 * GET /api/user/rmssd (SPEC §7): one member's readings, newest first. `from` / `to` bound the time
 * (a plain date covers that whole day, `to` inclusive); `limit` and `offset` page through them.
 */
export const MemberReadingsQuery = z.object({
  user_id: IdParam('user_id must be an id'),
  ...ReadingFilters,
  limit: Limit(MEMBER_READINGS_MAX_LIMIT, MEMBER_READINGS_MAX_LIMIT),
  offset: Offset,
});
export type MemberReadingsQuery = z.input<typeof MemberReadingsQuery>;
/** The query after validation: defaults filled in. */
export type MemberReadingsParams = z.output<typeof MemberReadingsQuery>;

/**
 * Where a reading stands against the member's normal range on its day (60-day mean ± 0.5 SD of
 * ln RMSSD); null while there is no normal range yet (under 14 days with readings) or for a
 * low-quality reading.
 */
export const READING_RESULTS = ['below_normal', 'within_normal', 'above_normal'] as const;
export const ReadingResult = z.enum(READING_RESULTS);
export type ReadingResult = z.infer<typeof ReadingResult>;

/**
 * Measures that are null when not computable, one number each: the one way a report schema lists
 * them.
 */
const measures = <Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, z.number().nullable()])) as Record<
    Name,
    z.ZodNullable<z.ZodNumber>
  >;

export const TimeDomain = z.object({
  ...measures(
    'minMax',
    'sdnn',
    'sdsd',
    'mean_hr',
    'max_hr',
    'min_hr',
    'mean_nni',
    'median_nni',
    'range_nni',
  ),
});
export type TimeDomain = z.infer<typeof TimeDomain>;

export const FrequencyDomain = z.object({
  ...measures('lf', 'hf', 'vlf', 'total_power'),
});
export type FrequencyDomain = z.infer<typeof FrequencyDomain>;

/**
 * SPEC §3 "Reading" as the group area and reports read it; metrics are null when not computable.
 * With `chart_data_group_by=average` a row is one day of the member (`id` `<userId>:<YYYY-MM-DD>`,
 * `dateTime` the start of that day in the organisation's time zone): the mean of its good
 * readings, or of its low-quality ones when it has no good one (then `quality: "low"`).
 */
export const MemberReading = z.object({
  id: z.string(),
  dateTime: z.string(),
  userId: z.string(),
  kind: ReadingKind,
  /** `low`: too little clean signal; shown (hollow), but left out of every average and range. */
  quality: Quality,
  reading_result: ReadingResult.nullable(),
  /** How many readings the row stands for: 1, or the day's count for a daily mean. */
  readings_count: z.number().int(),
  rmssd: z.number().nullable(),
  created_at: z.string(),
  tags: z.array(Tag),
  time_domain: TimeDomain,
  frequency_domain: FrequencyDomain,
});
export type MemberReading = z.infer<typeof MemberReading>;

/**
 * A day of the member's normal range (SPEC beyond: Plews et al.; HRV4Training): the 7-day rolling
 * baseline (shown with at least 3 days with readings of those 7), its coefficient of variation of
 * ln RMSSD in percent, and the normal range (60-day mean ± 0.5 SD of ln RMSSD, shown after at least
 * 14 days with readings), all in ms. Only good-quality readings count.
 */
export const NormalRangeDay = z.object({
  date: z.string(),
  ...measures('baseline', 'cv_percent', 'normal_low', 'normal_high'),
});
export type NormalRangeDay = z.infer<typeof NormalRangeDay>;

/**
 * `noOfRows`: how many rows the range holds in all, whatever `limit` and `offset` cut.
 * `normal_range`: the member's days in the range with a baseline or a normal range, oldest first,
 * from their good readings that pass `reading_taken_time` (tags do not narrow it).
 */
export const MemberReadingsResponse = z.object({
  list: z.array(MemberReading),
  noOfRows: z.number().int(),
  normal_range: z.array(NormalRangeDay),
});
export type MemberReadingsResponse = z.infer<typeof MemberReadingsResponse>;

/** SPEC §9: the session lists load this many at a time. */
export const SESSION_HISTORY_PAGE_SIZE = 20;
export const SESSION_HISTORY_MAX_LIMIT = 100;

/** GET /api/selected-history (SPEC §7): one member's sessions of a type, newest first, paged. */
export const SelectedHistoryQuery = z.object({
  user_id: IdParam('user_id must be an id'),
  type: HistorySessionType,
  from: RangeBound.optional(),
  to: RangeBound.optional(),
  tag_ids: TagIdsParam,
  limit: Limit(SESSION_HISTORY_MAX_LIMIT, SESSION_HISTORY_PAGE_SIZE),
  offset: Offset,
});
export type SelectedHistoryQuery = z.input<typeof SelectedHistoryQuery>;
export type SelectedHistoryParams = z.output<typeof SelectedHistoryQuery>;

/** A recording's or minute's measures as SPEC §3 groups them, RMSSD with the time domain. */
export const HrvDomains = z.object({
  timeDomain: TimeDomain.extend({ rmssd: z.number().nullable() }),
  frequencyDomain: FrequencyDomain,
});
export type HrvDomains = z.infer<typeof HrvDomains>;

/** One minute of a session (SPEC §3 results[]): `countTime` is the minute number from 1. */
export const SessionMinuteResult = HrvDomains.extend({ countTime: z.number().int() });
export type SessionMinuteResult = z.infer<typeof SessionMinuteResult>;

/** SPEC §3 "Session" as the history tabs read it. */
export const HistorySession = z.object({
  sessionId: z.string(),
  userId: z.string(),
  type: SessionType,
  dateTime: z.string(),
  createdAt: z.string(),
  sessionName: z.string(),
  quality: Quality,
  ...measures(
    'breathsPerMinute',
    'sessionMinutes',
    'ozSesAvgPercentage',
    'optimalZoneSessionAverage',
    'rmssd',
    'lf',
    'hf',
    'vlf',
    'minMax',
    'sdnn',
  ),
  /** Whether the app recorded optimal-zone samples (GET /api/raw-data has them). */
  has_oz_data: z.boolean(),
  /** The session's exercise (one per session here) with its tags. */
  exercises: z.array(z.object({ name: z.string(), tags: z.array(Tag) })),
  averages: HrvDomains,
  breathTime: BreathTime.nullable(),
  results: z.array(SessionMinuteResult),
  tags: z.array(Tag),
});
export type HistorySession = z.infer<typeof HistorySession>;

/**
 * `user`: the member's name; `allTimeOzPercentage`: the mean optimal-zone percentage of all their
 * sessions of this type, whatever the range (null without any).
 */
export const SelectedHistoryResponse = z.object({
  user: z.object({ first_name: z.string(), last_name: z.string() }),
  allTimeOzPercentage: z.number().nullable(),
  list: z.array(HistorySession),
  noOfRows: z.number().int(),
});
export type SelectedHistoryResponse = z.infer<typeof SelectedHistoryResponse>;

/**
 * GET /api/hrv_analytics/biofeedback/all-time (SPEC §7): one member's sessions of a type over the
 * range (all time without one): the figures of the tab's charts, oldest first, and their means.
 */
export const SessionsAllTimeQuery = z.object({
  userId: IdParam('userId must be an id'),
  sessionType: HistorySessionType,
  from: RangeBound.optional(),
  to: RangeBound.optional(),
  tag_ids: TagIdsParam,
});
export type SessionsAllTimeQuery = z.input<typeof SessionsAllTimeQuery>;
export type SessionsAllTimeParams = z.output<typeof SessionsAllTimeQuery>;

/** One session as a point of the history charts. */
export const SessionPoint = z.object({
  sessionId: z.string(),
  dateTime: z.string(),
  sessionName: z.string(),
  quality: Quality,
  ...measures('rmssd', 'sdnn', 'minMax', 'lf', 'hf', 'vlf', 'ozSesAvgPercentage'),
  tags: z.array(Tag),
});
export type SessionPoint = z.infer<typeof SessionPoint>;

/**
 * `sessions`: the range's sessions, oldest first; the means are of good-quality sessions only
 * (null without one); `ozPercentage` the mean optimal-zone percentage over the range.
 */
export const SessionsAllTimeResponse = z.object({
  user: z.object({ first_name: z.string(), last_name: z.string() }),
  sessionsCount: z.number().int(),
  totalMinutes: z.number(),
  ozPercentage: z.number().nullable(),
  allTimeOzPercentage: z.number().nullable(),
  averages: z.object({
    ...measures('rmssd', 'sdnn', 'minMax', 'lf', 'hf', 'vlf'),
  }),
  sessions: z.array(SessionPoint),
});
export type SessionsAllTimeResponse = z.infer<typeof SessionsAllTimeResponse>;

/** GET /api/raw-data/{sessionId}?user_id (SPEC §7): a session's raw optimal-zone samples. */
export const RawDataParams = z.object({ sessionId: IdParam('sessionId must be an id') });
export const RawDataQuery = z.object({ user_id: IdParam('user_id must be an id') });
export type RawDataQuery = z.input<typeof RawDataQuery>;

/**
 * SPEC §3 "Raw session data": biofeedback samples are `{oz, ts}` (ts in seconds from the start),
 * mindfulness ones plain scores with the app's `reportStartTime`. Empty when the app recorded none
 * (Optimal Zone off): the page then shows OZ_NOT_RECORDED_MESSAGE.
 */
export const OzSamples = z.object({
  oz_values: z.union([z.array(OzSample), z.array(z.number())]),
  reportStartTime: z.string().nullable(),
});
export type OzSamples = z.infer<typeof OzSamples>;

export const RawSessionData = OzSamples.extend({ sessionId: z.string(), type: SessionType });
export type RawSessionData = z.infer<typeof RawSessionData>;

export const RawDataResponse = z.object({ list: z.array(RawSessionData) });
export type RawDataResponse = z.infer<typeof RawDataResponse>;

/** The 404 of a session that is not the named member's (or of nobody): ids cannot be probed. */
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';

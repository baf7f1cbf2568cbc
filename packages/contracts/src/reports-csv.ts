import { z } from 'zod';
import {
  HistorySessionType,
  IdListParam,
  RangeBound,
  ReadingFilters,
  REPORTS_MAX_USERS,
  TagIdsParam,
} from './reports.ts';

/**
 * The reports' CSV downloads (SPEC §2): their queries, their columns in order and their file
 * names. A download holds the picked members' recordings, or every member the caller reaches.
 */

/** Whose recordings a CSV export holds: the picked users, or every member the caller reaches. */
export const CSV_MEMBERS = ['picked', 'all'] as const;

const CsvMembers = {
  members: z
    .enum(CSV_MEMBERS, { error: 'Must be picked or all' })
    .default('picked')
    .describe(
      'picked: the users of user_ids; all: every member of your organisation (org admin) or ' +
        'current group (group admin).',
    ),
  user_ids: IdListParam('user_ids', REPORTS_MAX_USERS).optional(),
};

const USER_IDS_REQUIRED_MESSAGE = 'user_ids must name at least one user';

const picksUsers = (query: { members: string; user_ids?: string[] | undefined }) =>
  query.members === 'all' || (query.user_ids?.length ?? 0) > 0;

/** GET /api/reports/readings.csv: the readings history as a CSV download (streamed). */
export const ReadingsCsvQuery = z
  .object({ ...CsvMembers, ...ReadingFilters })
  .refine(picksUsers, { message: USER_IDS_REQUIRED_MESSAGE, path: ['user_ids'] });
export type ReadingsCsvQuery = z.input<typeof ReadingsCsvQuery>;
export type ReadingsCsvParams = z.output<typeof ReadingsCsvQuery>;

/** GET /api/reports/sessions.csv: one session type's history as a CSV download (streamed). */
export const SessionsCsvQuery = z
  .object({
    ...CsvMembers,
    type: HistorySessionType,
    from: RangeBound.optional(),
    to: RangeBound.optional(),
    tag_ids: TagIdsParam,
  })
  .refine(picksUsers, { message: USER_IDS_REQUIRED_MESSAGE, path: ['user_ids'] });
export type SessionsCsvQuery = z.input<typeof SessionsCsvQuery>;
export type SessionsCsvParams = z.output<typeof SessionsCsvQuery>;

/** The readings CSV's columns, in order (the list; HF%, LF%, VLF% rounded % of total power). */
export const READINGS_CSV_COLUMNS = [
  'userId',
  'dateTime',
  'readingResult',
  'tooltipText',
  'tagId',
  'tagName',
  'rmssd',
  'sdnn',
  'minMax',
  'meanNni',
  'medianNni',
  'rangeNni',
  'totalPower',
  'hf',
  'lf',
  'vlf',
  'HF%',
  'LF%',
  'VLF%',
  'meanHr',
  'maxHr',
  'minHr',
] as const;

/** The sessions CSV's columns, in order: one row per session. */
export const SESSIONS_CSV_COLUMNS = [
  'userId',
  'sessionId',
  'dateTime',
  'sessionName',
  'sessionMinutes',
  'breathsPerMinute',
  'breathName',
  'inhaleSeconds',
  'exhaleSeconds',
  'inhalePercentage',
  'exhalePercentage',
  'ozSesAvgPercentage',
  'optimalZoneSessionAverage',
  'rmssd',
  'sdnn',
  'minMax',
  'meanHr',
  'lf',
  'hf',
  'vlf',
  'totalPower',
  'quality',
  'tagId',
  'tagName',
] as const;

/** SPEC §2: the downloads' names (a `/` cannot be in a file name, so morning-anytime). */
export const REPORT_CSV_NAMES = {
  readings: 'morning-anytime readings data',
  exercise: 'biofeedback sessions data',
  mindfulness: 'mindfulness sessions data',
} as const;

/** The file name of a report download: its SPEC name, with the range when it has one. */
export function reportCsvFileName(
  report: keyof typeof REPORT_CSV_NAMES,
  range: { from?: string | undefined; to?: string | undefined },
): string {
  const day = (value: string) => value.slice(0, 10);
  const span =
    range.from && range.to
      ? ` ${day(range.from)} to ${day(range.to)}`
      : range.from
        ? ` from ${day(range.from)}`
        : range.to
          ? ` to ${day(range.to)}`
          : '';
  return `${REPORT_CSV_NAMES[report]}${span}.csv`;
}

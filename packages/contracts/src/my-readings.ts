import { z } from 'zod';
import { CursorPageQuery } from './cursor-paging.ts';
import { Quality } from './metrics.ts';
import { NOTE_MAX, Reading, ReadingKind, TagIds } from './readings.ts';
import { Tag } from './tags.ts';

/**
 * The member's own readings (issue 28, /api/v1/readings): every reading of theirs in any
 * organisation, newest first, one with all its metrics, its tags and note edited, deleted, and a
 * CSV of them. A member reads only their own; another person's reading id is not found.
 */

export const READING_NOT_FOUND_MESSAGE = 'Reading not found';

const Day = () =>
  z.iso
    .date({ error: 'Must be a date (YYYY-MM-DD)' })
    .refine((value) => value >= '0001-01-01', 'Must be between the years 1 and 9999');

/** The filters of the list and the CSV. Days are read in the time zone of the reading's org. */
export const MyReadingsFilters = {
  kind: ReadingKind.optional().describe('Only morning or only anytime readings.'),
  tag: z.uuid('tag must be an id').optional().describe('Only readings carrying this tag id.'),
  from: Day().optional().describe('First day, inclusive (YYYY-MM-DD).'),
  to: Day().optional().describe('Last day, inclusive (YYYY-MM-DD).'),
};

/** GET /api/v1/readings: a page of the member's readings, newest first. */
export const MyReadingsQuery = z.object({
  ...MyReadingsFilters,
  ...CursorPageQuery,
});
export type MyReadingsQuery = z.input<typeof MyReadingsQuery>;
export type MyReadingsParams = z.output<typeof MyReadingsQuery>;

/** GET /api/v1/readings.csv: every reading the filters keep. */
export const MyReadingsCsvQuery = z.object(MyReadingsFilters);

/** The organisation a reading was recorded in (its tags are that organisation's). */
const ReadingOrg = z.object({ id: z.string(), name: z.string() });

/** One row of the list: what the table shows. */
export const MyReadingRow = z.object({
  id: z.string(),
  takenAt: z.string(),
  kind: ReadingKind,
  quality: Quality,
  rmssd: z.number().nullable(),
  sdnn: z.number().nullable(),
  meanHr: z.number().nullable(),
  artifactPercent: z.number().nullable(),
  tags: z.array(Tag),
  device: z.string().nullable(),
  org: ReadingOrg,
});
export type MyReadingRow = z.infer<typeof MyReadingRow>;

export const MyReadingsResponse = z.object({
  list: z.array(MyReadingRow),
  nextCursor: z.string().nullable().describe('The cursor of the next page; null on the last.'),
  tags: z
    .array(Tag)
    .describe('Every tag on any of your readings, whatever the filters: what `tag` can pick.'),
});
export type MyReadingsResponse = z.infer<typeof MyReadingsResponse>;

export const MyReadingParams = z.object({ readingId: z.uuid('readingId must be an id') });

export const MyReadingQuery = z.object({
  include: z
    .enum(['rr'], { error: 'Must be rr' })
    .optional()
    .describe('`rr` adds the raw RR series (ms) as recorded.'),
});

/** GET /api/v1/readings/{readingId}: the reading with every metric, and the tags it may carry. */
export const MyReading = Reading.extend({
  org: ReadingOrg,
  offeredTags: z
    .array(Tag)
    .describe("The tags this reading may carry: its organisation's and the platform's."),
  rr: z.array(z.number()).optional().describe('Only with include=rr.'),
});
export type MyReading = z.infer<typeof MyReading>;

/** PATCH /api/v1/readings/{readingId}: new tags and/or note (null or empty clears it). */
export const UpdateMyReadingBody = z
  .object({
    tags: TagIds.optional(),
    note: z
      .string({ error: 'Must be text' })
      .trim()
      .max(NOTE_MAX, `Must be at most ${NOTE_MAX} characters`)
      .nullish(),
  })
  .refine((body) => body.tags !== undefined || body.note !== undefined, {
    message: 'Send tags or note',
  });
export type UpdateMyReadingBody = z.input<typeof UpdateMyReadingBody>;

/** The file name of the member's readings CSV. */
export const MY_READINGS_CSV_NAME = 'my-readings.csv';

/** The CSV's columns, in order. */
export const MY_READINGS_CSV_COLUMNS = [
  'id',
  'takenAt',
  'kind',
  'quality',
  'organisation',
  'tags',
  'note',
  'device',
  'rmssd',
  'sdnn',
  'meanHr',
  'artifactPercent',
  'meanNni',
  'medianNni',
  'rangeNni',
  'sdsd',
  'pnn50',
  'minHr',
  'maxHr',
  'minMax',
  'vlf',
  'lf',
  'hf',
  'totalPower',
  'lfHf',
  'beats',
  'durationS',
] as const;

import { z } from 'zod';
import { CursorPageQuery } from './cursor-paging.ts';
import { inStorableYears, STORABLE_YEARS_MESSAGE } from './fields.ts';
import { HrvDomains, OzSamples, SessionMinuteResult } from './reports.ts';
import { Quality } from './metrics.ts';
import { NOTE_MAX, TagIds } from './readings.ts';
import { BreathTime, SessionType } from './sessions.ts';
import { Tag } from './tags.ts';

/**
 * The member's own breathing sessions (issue 28, /api/v1/sessions): whatever organisation they were
 * recorded in, read by the account alone, so they stay the member's after leaving one.
 */

const Instant = z.iso
  .datetime({ offset: true, error: 'Must be an ISO 8601 date-time with a time zone' })
  .refine(inStorableYears, STORABLE_YEARS_MESSAGE);

/** GET /api/v1/sessions: the caller's sessions, newest first, a page after `cursor`. */
export const MySessionsQuery = z.object({
  kind: SessionType.optional(),
  tag: z
    .uuid('tag must be a tag id')
    .transform((id) => id.toLowerCase())
    .optional()
    .describe('Only sessions carrying this tag.'),
  from: Instant.optional().describe('Sessions that started at or after this instant.'),
  to: Instant.optional().describe('Sessions that started before this instant.'),
  ...CursorPageQuery,
});
export type MySessionsQuery = z.input<typeof MySessionsQuery>;
export type MySessionsParams = z.output<typeof MySessionsQuery>;

const nullableNumber = z.number().nullable();

/** One session of the member in a list: what it was, when, how it went, its tags and note. */
export const MySessionSummary = z.object({
  sessionId: z.string(),
  type: SessionType,
  dateTime: z.string(),
  createdAt: z.string(),
  sessionName: z.string(),
  quality: Quality,
  note: z.string().nullable(),
  breathsPerMinute: nullableNumber,
  sessionMinutes: nullableNumber,
  ozSesAvgPercentage: nullableNumber,
  optimalZoneSessionAverage: nullableNumber,
  rmssd: nullableNumber,
  sdnn: nullableNumber,
  /** Whether the app recorded optimal-zone samples. */
  has_oz_data: z.boolean(),
  tags: z.array(Tag),
});
export type MySessionSummary = z.infer<typeof MySessionSummary>;

/** `nextCursor`: the next page's cursor, null on the last page. */
export const MySessionsResponse = z.object({
  list: z.array(MySessionSummary),
  nextCursor: z.string().nullable(),
});
export type MySessionsResponse = z.infer<typeof MySessionsResponse>;

export const MySessionParams = z.object({
  sessionId: z.uuid('sessionId must be an id').transform((id) => id.toLowerCase()),
});

/** GET /api/v1/sessions/{sessionId}: `include=rr` adds the raw RR series. */
export const MySessionQuery = z.object({
  include: z
    .enum(['rr'], { error: 'include takes rr' })
    .optional()
    .describe('`rr`: also send the raw RR intervals (ms).'),
});
export type MySessionQuery = z.input<typeof MySessionQuery>;

/**
 * One session with its averages, breathing, per-minute results and optimal-zone samples (as the
 * reports' raw data reads them); `rr` only when asked for.
 */
export const MySession = MySessionSummary.extend({
  averages: HrvDomains,
  breathTime: BreathTime.nullable(),
  results: z.array(SessionMinuteResult),
  optimalZone: OzSamples,
  rr: z.array(z.number()).optional(),
});
export type MySession = z.infer<typeof MySession>;

/** PATCH /api/v1/sessions/{sessionId}: the tags (replaced whole) and the note (null clears it). */
export const UpdateMySessionBody = z
  .object({
    tags: TagIds.optional(),
    note: z
      .string({ error: 'Must be text' })
      .trim()
      .max(NOTE_MAX, `Must be at most ${NOTE_MAX} characters`)
      .nullable()
      .optional(),
  })
  .refine((body) => body.tags !== undefined || body.note !== undefined, {
    error: 'Send tags, note or both',
  });
export type UpdateMySessionBody = z.infer<typeof UpdateMySessionBody>;

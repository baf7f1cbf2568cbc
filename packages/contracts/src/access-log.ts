import { z } from 'zod';
import { BAD_CURSOR_MESSAGE, CursorPageQuery } from './cursor-paging.ts';

/**
 * GET /api/v1/access-log: a page of the reads and exports of the caller's data, newest first.
 * `cursor` is the `nextCursor` of the page before.
 */
export const AccessLogQuery = z.object({
  ...CursorPageQuery,
  // The cursor is the id of the last entry of the page before.
  cursor: z.uuid(BAD_CURSOR_MESSAGE).optional(),
});
export type AccessLogQuery = z.input<typeof AccessLogQuery>;

/** One read or export of the member's data, in plain words. */
export const AccessLogEntry = z.object({
  id: z.string(),
  /** The person who looked: their name, or DELETED_ACTOR_NAME once their account is deleted. */
  who: z.string(),
  /** Their role in the organisation when they looked ("Organization Admin"); null when unknown. */
  role: z.string().nullable(),
  /** The organisation they looked from; null for none. */
  organisation: z.string().nullable(),
  /** What they did, as a sentence's predicate: "downloaded your readings as CSV". */
  what: z.string(),
  /** When, ISO 8601. */
  at: z.string(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;

export const AccessLogResponse = z.object({
  entries: z.array(AccessLogEntry),
  /** The cursor of the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AccessLogResponse = z.infer<typeof AccessLogResponse>;

export const DELETED_ACTOR_NAME = 'A deleted account';

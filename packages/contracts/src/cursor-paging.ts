import { z } from 'zod';

/**
 * How every list of a person's own data pages (readings, sessions, the access log): newest first,
 * a page at a time after the opaque `nextCursor` of the page before.
 */
export const CURSOR_PAGE_SIZE = 20;
export const CURSOR_PAGE_MAX = 100;
/** A cursor is a short opaque token; anything longer is refused before it is read. */
const CURSOR_MAX_LENGTH = 200;
const NOT_A_CURSOR = 'Not a cursor of this list';
/** The 400 for a cursor this list did not give, naming the field as zod's messages do. */
export const BAD_CURSOR_MESSAGE = `cursor: ${NOT_A_CURSOR}`;

/** The `cursor` and `limit` query fields of a list paged by cursor. */
export const CursorPageQuery = {
  cursor: z
    .string({ error: 'cursor must be text' })
    .max(CURSOR_MAX_LENGTH, NOT_A_CURSOR)
    .optional()
    .describe('The `nextCursor` of the previous page; none for the first page.'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CURSOR_PAGE_MAX, `limit must be at most ${CURSOR_PAGE_MAX}`)
    .default(CURSOR_PAGE_SIZE),
};

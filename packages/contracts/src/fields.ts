import { z } from 'zod';

/** An id in a body or query (a uuid); the message names the field. */
export const Id = (field: string) => z.uuid(`${field} must be an id`);

/** The longest text a list's search box sends; the boxes stop typing there. */
export const LIST_SEARCH_MAX = 100;

/** The optional text search of a paged list. */
export const ListSearch = z
  .string()
  .trim()
  .max(LIST_SEARCH_MAX, `Must be at most ${LIST_SEARCH_MAX} characters`)
  .optional();

// PostgreSQL has no year 0, and ISO 8601's four-digit years end with 9999.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const AFTER_LAST_INSTANT = Date.parse('+010000-01-01T00:00:00Z');

export const STORABLE_YEARS_MESSAGE = 'Must be between the years 1 and 9999';

/** Whether an ISO 8601 date or date-time (its offset applied) falls in the years 1 to 9999. */
export function inStorableYears(value: string): boolean {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return time >= FIRST_INSTANT && time < AFTER_LAST_INSTANT;
}

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

/**
 * Whether a value has passed its checks so far. A pattern given `when: passedSoFar` runs only on a
 * value its length checks (before it) accepted, so it never meets an input of any length, yet the
 * length check does not abort the form: its object's own checks (a required field elsewhere) still
 * report at once. `patterns.test.ts` accepts a pattern so guarded, or behind an aborting length check.
 */
export const passedSoFar = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

/**
 * A pattern check guarded by `passedSoFar`: put it after the length checks (`.check(…)`). Every
 * zod check takes `when` ($ZodCheckDef), but the regex params' type leaves it out.
 */
export function patternAfterLength(pattern: RegExp, message: string) {
  return z.regex(pattern, { message, when: passedSoFar } as z.core.$ZodCheckRegexParams);
}

/** SPEC §5 "name": letters (of any alphabet), digits, _, space and -. */
export const NAME_PATTERN = /^[\p{L}\p{M}\p{Nd}_ -]*$/u;
export const INVALID_CHARACTERS_MESSAGE = 'Invalid characters';

/**
 * A person's first or last name, wherever one is typed (sign-up, profile, Add and Edit User,
 * Invite, the CSV import): required, trimmed, at most `max` characters, the SPEC §5 name rule.
 */
export function PersonName(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .check(patternAfterLength(NAME_PATTERN, INVALID_CHARACTERS_MESSAGE));
}

const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `sort` and `order` of a list paged on the server: `sort` names one of `columns` (absent: the
 * list's own order), `order` defaults to ascending.
 */
export function ListSort<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  return {
    sort: z.enum(columns, { error: `Must be one of ${columns.join(', ')}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Must be asc or desc' }).default('asc'),
  };
}

// PostgreSQL has no year 0, and ISO 8601's four-digit years end with 9999.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const AFTER_LAST_INSTANT = Date.parse('+010000-01-01T00:00:00Z');

export const STORABLE_YEARS_MESSAGE = 'Must be between the years 1 and 9999';

/** Whether an ISO 8601 date or date-time (its offset applied) falls in the years 1 to 9999. */
export function inStorableYears(value: string): boolean {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return time >= FIRST_INSTANT && time < AFTER_LAST_INSTANT;
}

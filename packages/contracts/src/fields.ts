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

import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { accounts, profiles } from '../db/schema/accounts.ts';

/** `%`, `_` and `\` typed into a search box match themselves, not any text. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Members whose first name, last name, full name or email contains `text`, ignoring case (the
 * query joins `profiles` and `accounts`). One rule for every user search box and picker.
 */
export function memberMatches(text: string): SQL {
  const pattern = containsPattern(text);
  return or(
    ilike(profiles.firstName, pattern),
    ilike(profiles.lastName, pattern),
    ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, pattern),
    ilike(accounts.email, pattern),
  ) as SQL;
}

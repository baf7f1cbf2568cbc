import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';

/**
 * People as a list names them: account id, address and the profile's name. The caller adds the
 * `where` (and any order) that says which people.
 */
export function selectNamedPeople(db: Database) {
  return db
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id));
}

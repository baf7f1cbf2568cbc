import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';

/** An account to create, with its profile, when its (lower-cased) email has none. */
export type NewAccount = {
  email: string;
  /** argon2id hash; null for an account that signs in some other way until it sets one. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  birthDate: string | null;
  /** When the email was proven; unset (null) for an address nobody proved yet. */
  emailVerifiedAt?: Date | null;
  /** The organisation creating it (Add User, the import, Add Organization), null otherwise. */
  createdByOrgId?: string | null;
};

/**
 * The ids of the accounts that hold these lower-cased emails as proven addresses, by email; an
 * email without one, or held by an account that never proved it, is absent: an unproven account
 * is never matched by its email (issue 27), so nobody joins or reaches it by typing its address.
 */
export async function accountIdsByEmail(
  db: Database,
  emails: readonly string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(
      and(inArray(sql`lower(${accounts.email})`, [...emails]), isNotNull(accounts.emailVerifiedAt)),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}

/**
 * Creates each account (and profile) whose email has none yet; run it in the caller's transaction.
 * The unique email index decides a race with another request creating the same email: that
 * account is left as it is and its id read back. `ids` has every email; `created` those made here.
 */
export async function createAccountsByEmail(
  tx: Database,
  fresh: readonly NewAccount[],
): Promise<{ ids: Map<string, string>; created: Set<string> }> {
  const ids = new Map<string, string>();
  const created = new Set<string>();
  if (fresh.length === 0) return { ids, created };
  const inserted = await tx
    .insert(accounts)
    .values(
      fresh.map((account) => ({
        email: account.email,
        passwordHash: account.passwordHash,
        // Every account made here is made by an admin: a password they typed is only temporary.
        passwordTemporary: account.passwordHash !== null,
        createdByOrgId: account.createdByOrgId ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: accounts.id, email: accounts.email });
  for (const account of inserted) {
    ids.set(account.email, account.id);
    created.add(account.email);
  }
  const byEmail = new Map(fresh.map((account) => [account.email, account]));
  if (inserted.length > 0) {
    await tx.insert(profiles).values(
      inserted.map(({ id, email }) => {
        const account = byEmail.get(email)!;
        return {
          accountId: id,
          firstName: account.firstName,
          lastName: account.lastName,
          gender: account.gender,
          birthDate: account.birthDate,
        };
      }),
    );
  }
  const raced = fresh.filter((account) => !created.has(account.email)).map(({ email }) => email);
  for (const [email, id] of await accountIdsByEmail(tx, raced)) ids.set(email, id);
  return { ids, created };
}

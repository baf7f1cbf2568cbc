import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { conflict } from './http-error.ts';

/** Answered when an email to enrol is held by an account that has not proven it. */
const ADDRESS_NOT_PROVEN_MESSAGE =
  'This email address is waiting for its owner to confirm it: invite the person instead.';

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
 * account is left as it is and its id read back. `ids` has every email; `created` those made here;
 * `unproven` those held by an account that never proved its email: such an account must not be
 * given anything by its email (issue 27); the caller refuses it (refuseUnproven) unless it is one
 * of its own members already.
 */
export async function createAccountsByEmail(
  tx: Database,
  fresh: readonly NewAccount[],
): Promise<{ ids: Map<string, string>; created: Set<string>; unproven: Set<string> }> {
  const ids = new Map<string, string>();
  const created = new Set<string>();
  const unproven = new Set<string>();
  if (fresh.length === 0) return { ids, created, unproven };
  const inserted = await tx
    .insert(accounts)
    .values(
      fresh.map((account) => ({
        email: account.email,
        passwordHash: account.passwordHash,
        // Every account made here is made by an admin: a password they typed is only temporary.
        passwordTemporary: account.passwordHash !== null,
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
  for (const holder of await holdersByEmail(tx, raced)) {
    ids.set(holder.email, holder.id);
    if (!holder.proven) unproven.add(holder.email);
  }
  return { ids, created, unproven };
}

/** Every account holding one of these lower-cased emails, proven or not. */
async function holdersByEmail(db: Database, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: accounts.id, email: accounts.email, verifiedAt: accounts.emailVerifiedAt })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.email})`, [...emails]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email.toLowerCase(),
    proven: row.verifiedAt !== null,
  }));
}

/**
 * 409 when an account that never proved its email would be joined by it: nobody is enrolled or
 * made an admin on an address its holder has not proven.
 */
export function refuseUnproven(joined: readonly string[], unproven: Set<string>) {
  if (joined.some((email) => unproven.has(email))) throw conflict(ADDRESS_NOT_PROVEN_MESSAGE);
}

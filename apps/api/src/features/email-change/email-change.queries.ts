import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';

/** The account's address and password hash (null for a social-only account). */
export async function findOwnAccount(db: Database, accountId: string) {
  const [account] = await db
    .select({ email: accounts.email, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account ?? null;
}

/** Moves the account to its new, now proven, address; false when the account is gone. */
export async function setProvenEmail(db: Database, accountId: string, email: string, at: Date) {
  const rows = await db
    .update(accounts)
    .set({ email: email.toLowerCase(), emailVerifiedAt: sql`${at.toISOString()}::timestamptz` })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

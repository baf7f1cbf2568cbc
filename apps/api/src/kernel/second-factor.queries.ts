import { eq, isNotNull, and, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';

/** The account's email and whether a second factor (TOTP) is in force for it. */
export async function findSignInFactor(db: Database, accountId: string) {
  const [row] = await db
    .select({ email: accounts.email, totpEnabledAt: accounts.totpEnabledAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`Account ${accountId} not found`);
  return { email: row.email, mfaEnabled: row.totpEnabledAt !== null };
}

/** Whether the account of `email` (the app admin's) has a second factor in force. */
export async function hasSecondFactor(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(sql`lower(${accounts.email})`, email.toLowerCase()),
        isNotNull(accounts.totpEnabledAt),
      ),
    );
  return Boolean(row);
}

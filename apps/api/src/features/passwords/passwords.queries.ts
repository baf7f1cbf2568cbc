import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';

/** The account's password hash; null for an account that has none (social sign-in only). */
export async function findPasswordHash(db: Database, accountId: string) {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.passwordHash ?? null;
}

/** Stores a password the person chose themselves: no longer a temporary one. */
export async function setChosenPassword(db: Database, accountId: string, passwordHash: string) {
  await db
    .update(accounts)
    .set({ passwordHash, passwordTemporary: false })
    .where(eq(accounts.id, accountId));
}

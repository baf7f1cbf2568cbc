import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';

/** The account's email when it is proven; null otherwise (or when the account is gone). */
export async function findProvenAccountEmail(db: Database, accountId: string) {
  const [row] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNotNull(accounts.emailVerifiedAt)));
  return row?.email ?? null;
}

/** The account's email and whether it is proven. */
export async function findAccountEmailState(db: Database, accountId: string) {
  const [row] = await db
    .select({ email: accounts.email, emailVerifiedAt: accounts.emailVerifiedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

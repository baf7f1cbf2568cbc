import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import type { NewAccount } from '../lib/accounts-by-email.queries.ts';

/** The account of an email, whatever its case, with its password hash; null when none holds it. */
export async function findAccountByEmail(db: Database, email: string) {
  const [account] = await db
    .select({
      id: accounts.id,
      passwordHash: accounts.passwordHash,
      isAppAdmin: accounts.isAppAdmin,
    })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()));
  return account ?? null;
}

/** Creates an account with its profile; null when the email is already taken. */
export async function insertAccount(db: Database, account: NewAccount): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({ email: account.email.toLowerCase(), passwordHash: account.passwordHash })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    if (!created) return null;
    await tx.insert(profiles).values({
      accountId: created.id,
      firstName: account.firstName,
      lastName: account.lastName,
      gender: account.gender,
      birthDate: account.birthDate,
    });
    return created.id;
  });
}

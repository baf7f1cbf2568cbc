import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, profiles, sessions } from '../../db/schema/accounts.ts';

export async function findAccountByEmail(db: Database, email: string) {
  const [account] = await db
    .select({ id: accounts.id, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()));
  return account ?? null;
}

export type NewAccount = {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  gender: (typeof profiles.$inferInsert)['gender'];
  birthDate: string | null;
};

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

export async function setPasswordHash(db: Database, accountId: string, passwordHash: string) {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
}

export async function markSignedIn(db: Database, accountId: string, at: Date) {
  await db.update(accounts).set({ lastSignInAt: at }).where(eq(accounts.id, accountId));
}

export type SessionTokens = {
  tokenHash: string;
  refreshHash: string;
  expiresAt: Date;
  refreshExpiresAt: Date;
};

export async function insertSession(
  db: Database,
  accountId: string,
  tokens: SessionTokens,
  client: { ip: string; userAgent: string | null },
) {
  await db.insert(sessions).values({ accountId, ...tokens, ...client });
}

/** Replaces both tokens of the live session owning `refreshHash`; null when there is none. */
export async function rotateSession(
  db: Database,
  refreshHash: string,
  tokens: SessionTokens,
  now: Date,
) {
  const [session] = await db
    .update(sessions)
    .set(tokens)
    .where(
      and(
        eq(sessions.refreshHash, refreshHash),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, now),
      ),
    )
    .returning({ accountId: sessions.accountId });
  return session ?? null;
}

export async function revokeSession(db: Database, sessionId: string, at: Date) {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, sessionId));
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, sessions } from '../db/schema/accounts.ts';

/** What a session row keeps of its tokens: only their hashes, and when each stops working. */
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

export async function markSignedIn(db: Database, accountId: string, at: Date) {
  await db.update(accounts).set({ lastSignInAt: at }).where(eq(accounts.id, accountId));
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

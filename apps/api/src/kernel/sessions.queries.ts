import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, sessions, spentRefreshTokens } from '../db/schema/accounts.ts';

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
  tokens: SessionTokens & { absoluteExpiresAt: Date; lastSeenAt: Date },
  client: { ip: string; userAgent: string | null },
) {
  await db.insert(sessions).values({ accountId, ...tokens, ...client });
}

export async function markSignedIn(db: Database, accountId: string, at: Date) {
  await db.update(accounts).set({ lastSignInAt: at }).where(eq(accounts.id, accountId));
}

/**
 * Replaces both tokens of the live session owning `refreshHash` and notes when it was last seen,
 * neither expiry past the session's absolute end; null when there is none. The refresh hash
 * replaced is kept as spent (the same transaction), so presenting it again is seen as a replay.
 */
export async function rotateSession(
  db: Database,
  refreshHash: string,
  tokens: SessionTokens,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .update(sessions)
      .set({
        tokenHash: tokens.tokenHash,
        refreshHash: tokens.refreshHash,
        expiresAt: sql`least(${tokens.expiresAt.toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`,
        refreshExpiresAt: sql`least(${tokens.refreshExpiresAt.toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`,
        lastSeenAt: now,
      })
      .where(
        and(
          eq(sessions.refreshHash, refreshHash),
          isNull(sessions.revokedAt),
          gt(sessions.refreshExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      )
      .returning({
        id: sessions.id,
        accountId: sessions.accountId,
        expiresAt: sessions.expiresAt,
        refreshExpiresAt: sessions.refreshExpiresAt,
      });
    if (!session) return null;
    await tx
      .insert(spentRefreshTokens)
      .values({ refreshHash, sessionId: session.id, spentAt: now });
    return session;
  });
}

/** The session that once held `refreshHash` (spent by a rotation), and when; null when none did. */
export async function findSpentRefreshToken(db: Database, refreshHash: string) {
  const [row] = await db
    .select({
      sessionId: spentRefreshTokens.sessionId,
      spentAt: spentRefreshTokens.spentAt,
      accountId: sessions.accountId,
      revokedAt: sessions.revokedAt,
    })
    .from(spentRefreshTokens)
    .innerJoin(sessions, eq(sessions.id, spentRefreshTokens.sessionId))
    .where(eq(spentRefreshTokens.refreshHash, refreshHash));
  return row ?? null;
}

export async function revokeSession(db: Database, sessionId: string, at: Date) {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, sessionId));
}

/**
 * Revokes the live sessions of an account, all of them or all but `keep`; answers how many ended.
 */
export async function revokeAccountSessions(
  db: Database,
  accountId: string,
  at: Date,
  keep: string | null = null,
) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

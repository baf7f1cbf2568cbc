import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/accounts.ts';

/** The account's sessions that may still be used or refreshed, last seen first. */
export async function listLiveSessions(db: Database, accountId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Revokes one live session of the account; false when the account has no such session. */
export async function revokeOwnSession(
  db: Database,
  accountId: string,
  sessionId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

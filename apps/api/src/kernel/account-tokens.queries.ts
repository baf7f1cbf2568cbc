import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accountTokens } from '../db/schema/accounts.ts';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export async function insertAccountToken(db: Database, row: typeof accountTokens.$inferInsert) {
  const [inserted] = await db.insert(accountTokens).values(row).returning({ id: accountTokens.id });
  return inserted!.id;
}

/** The unused, unexpired token row of `id` (a mail job about to send its link); else null. */
export async function findLiveAccountToken(db: Database, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)),
    );
  return row ?? null;
}

/** Stores the hash of the token a mail is about to carry; false when the row is no longer live. */
export async function storeAccountTokenHash(db: Database, id: string, tokenHash: string) {
  const rows = await db
    .update(accountTokens)
    .set({ tokenHash })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length > 0;
}

/**
 * Marks the live token of `tokenHash` for `purpose` used and answers it, in one statement, so two
 * requests racing with the same link cannot both spend it; null when none is live.
 */
export async function spendAccountToken(
  db: Database,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<AccountTokenRow | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Voids every unused token of `purpose` for an account (a newer link replaces them). */
export async function voidAccountTokens(
  db: Database,
  purpose: AccountTokenPurpose,
  accountId: string,
  now: Date,
) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

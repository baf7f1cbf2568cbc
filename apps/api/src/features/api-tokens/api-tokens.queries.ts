import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { personalApiTokens } from '../../db/schema/accounts.ts';

const listed = {
  id: personalApiTokens.id,
  name: personalApiTokens.name,
  scopes: personalApiTokens.scopes,
  createdAt: personalApiTokens.createdAt,
  expiresAt: personalApiTokens.expiresAt,
  lastUsedAt: personalApiTokens.lastUsedAt,
};

/** The account's tokens, expired ones included, oldest first. */
export async function listApiTokens(db: Database, accountId: string) {
  return db
    .select(listed)
    .from(personalApiTokens)
    .where(eq(personalApiTokens.accountId, accountId))
    .orderBy(asc(personalApiTokens.createdAt), asc(personalApiTokens.id));
}

/** How many tokens the account keeps, expired ones included. */
export async function countApiTokens(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(personalApiTokens)
    .where(eq(personalApiTokens.accountId, accountId));
  return row?.n ?? 0;
}

export async function insertApiToken(db: Database, values: typeof personalApiTokens.$inferInsert) {
  const [row] = await db.insert(personalApiTokens).values(values).returning(listed);
  return row!;
}

/** Deletes one token of the account (revoking it); null when the account has no such token. */
export async function deleteApiToken(db: Database, accountId: string, tokenId: string) {
  const [row] = await db
    .delete(personalApiTokens)
    .where(and(eq(personalApiTokens.id, tokenId), eq(personalApiTokens.accountId, accountId)))
    .returning({ id: personalApiTokens.id, name: personalApiTokens.name });
  return row ?? null;
}

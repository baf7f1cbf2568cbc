import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';

export async function setPasswordHash(db: Database, accountId: string, passwordHash: string) {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
}

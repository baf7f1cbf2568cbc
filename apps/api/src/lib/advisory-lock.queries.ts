import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Waits for, then holds until the transaction ends, the lock named `key` (a PostgreSQL advisory
 * lock on its hash): work decided under it is decided once, however many instances race for it.
 */
export async function lockForTransaction(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

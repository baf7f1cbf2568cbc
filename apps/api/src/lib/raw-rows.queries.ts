import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLockOptions } from './data-dir-lock.ts';

/** The Drizzle handle every query function receives; the same type on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgresql';

export type DatabaseConnection = {
  db: Database;
  kind: DatabaseKind;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the whole data dir as a tarball (test templates are cloned from it). */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string; loadDataDir?: Blob | File; lock?: DataDirLockOptions }
  | { memory: true; loadDataDir?: Blob | File };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in a locked data dir (or memory). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseConnection> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    const db = drizzlePg(pool);
    return {
      db: db as unknown as Database,
      kind: 'postgresql',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const unlock = 'dataDir' in options ? await lockDataDir(options.dataDir, options.lock) : () => {};
  try {
    const dataDir = 'dataDir' in options ? path.join(options.dataDir, 'pglite') : undefined;
    const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
    const db = drizzlePglite(client);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      dump: async () => client.dumpDataDir('none'),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

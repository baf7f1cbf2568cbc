import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
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
    const db = drizzlePglite(yieldingInTransactions(client));
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

/**
 * PGlite as Drizzle's client, a transaction's every statement letting the event loop run first.
 * PGlite runs SQL on the event loop's thread and answers through promises alone, so without it a
 * transaction's statements (and the next request's, queued on PGlite's lock) follow each other as
 * one run of microtasks, a second and more for an ingested batch, with no timer, request or answer
 * served meanwhile. PostgreSQL works in its own process and needs none of it.
 */
function yieldingInTransactions(client: PGlite): PGlite {
  const drizzleClient: Pick<PGlite, 'query' | 'transaction'> = {
    query: (statement, params, options) => client.query(statement, params, options),
    transaction: (work) => client.transaction((tx) => work(yieldingStatements(tx))),
  };
  // Drizzle's PGlite session calls these two only.
  return drizzleClient as PGlite;
}

function yieldingStatements(tx: Transaction): Transaction {
  const query: Transaction['query'] = async (statement, params, options) => {
    await nextTurn();
    return tx.query(statement, params, options);
  };
  return Object.create(tx, { query: { value: query } }) as Transaction;
}

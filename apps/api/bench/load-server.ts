/**
 * The real server for the load benchmark: `apps/api/src/server.ts` started as a child process (as
 * in production), on a fresh database seeded with the demo, and a bearer token of the demo org
 * admin from the real sign-in.
 */
import { setTimeout as delay } from 'node:timers/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_ORG_ADMIN_EMAIL } from '../src/demo/demo-org.ts';
import {
  BENCH_DEMO_PASSWORD,
  signInThroughApi,
  spawnServer,
  waitForHealth,
} from '../test/spawned-server.ts';
import { hasTables, resetBenchDatabase, rows } from './bench-harness.ts';

export type Backend = 'pglite' | 'postgresql';

/** Marks a PostgreSQL database this benchmark seeded, so a later run may empty it again. */
const MARKER_TABLE = 'load_bench_seeded';
// The demo seed runs before the server listens: on a busy machine it can take minutes.
const START_TIMEOUT_MS = 10 * 60_000;
// Time for the server to stop on the Ctrl-C it got from the terminal too, before it is told to
// (a second signal would make it exit at once).
const INTERRUPTED_GRACE_MS = 2_000;

export type LoadServer = {
  baseUrl: string;
  /** A bearer token of the demo org admin. */
  token: string;
  /** Stops the server (SIGTERM, its graceful stop) and removes its temporary data dir. */
  stop: (options?: { interrupted?: boolean }) => Promise<void>;
};

type LoadServerOptions = {
  backend: Backend;
  /** The PostgreSQL database (backend 'postgresql'). */
  databaseUrl: string;
  /** Another checkout whose server is started (BENCH_SERVER_ROOT); this one by default. */
  root: string | undefined;
  /** Aborted by Ctrl-C: a start still under way gives up and stops the server. */
  signal: AbortSignal;
};

/**
 * Starts the server of `root` on `backend` — PGlite in a new temporary dir, or the PostgreSQL at
 * `databaseUrl`, emptied first — waits until it answers /api/health (it listens only once the demo
 * seed is done) and signs in.
 */
export async function startLoadServer({
  backend,
  databaseUrl,
  root,
  signal,
}: LoadServerOptions): Promise<LoadServer> {
  if (backend === 'postgresql') await emptyBenchDatabase(databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-load-bench-'));
  const demoPassword = BENCH_DEMO_PASSWORD;
  const server = await spawnServer(
    {
      NODE_ENV: 'production',
      // Warnings only: per-request logs would measure the log pipe to this process.
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: backend === 'postgresql' ? databaseUrl : '',
      DEMO_DATA: 'true',
      DEMO_PASSWORD: demoPassword,
    },
    { root },
  );
  const baseUrl = `http://127.0.0.1:${server.port}`;
  let halted: Promise<number | null> | undefined;
  /** SIGTERM unless it has already exited; resolves with its exit code once the dir is removed. */
  const halt = () =>
    (halted ??= (async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
      }
      const code = await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    })());
  const stop = async ({ interrupted = false } = {}) => {
    // It may have had the terminal's Ctrl-C too, and be stopping already.
    if (interrupted) {
      await Promise.race([server.exited, delay(INTERRUPTED_GRACE_MS)]);
      await halt();
      return;
    }
    const code = await halt();
    if (code !== 0) {
      throw new Error(`the server stopped with exit code ${code}; output:\n${server.output()}`);
    }
  };
  try {
    const { database } = await waitForHealth(server, { timeoutMs: START_TIMEOUT_MS, signal });
    if (database !== backend) throw new Error(`the server runs on ${database}, not ${backend}`);
    const signedIn = await signInThroughApi(baseUrl, DEMO_ORG_ADMIN_EMAIL, demoPassword);
    const { token } = (await signedIn.json()) as { token: string };
    return { baseUrl, token, stop };
  } catch (error) {
    if (signal.aborted) await stop({ interrupted: true });
    else await halt();
    throw error;
  }
}

/**
 * Empties the PostgreSQL database for a fresh demo seed: one this benchmark seeded before is
 * emptied again; an empty one is marked; one with other data is refused.
 */
async function emptyBenchDatabase(databaseUrl: string) {
  const connection = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { db } = connection;
    const [marker] = await rows<{ name: string | null }>(
      db,
      `select to_regclass('public.${MARKER_TABLE}')::text as name`,
    );
    if (marker?.name) {
      await resetBenchDatabase(db);
    } else if (await hasTables(db)) {
      throw new Error(
        'BENCH_DATABASE_URL is not empty and was not seeded by the load benchmark: point it at an ' +
          'empty database (e.g. createdb resonant_load_bench)',
      );
    }
    await db.execute(sql.raw(`create table ${MARKER_TABLE} (seeded_at timestamptz default now())`));
  } finally {
    await connection.close();
  }
}

/**
 * What the API benchmarks share (`npm run bench:analytics`, `npm run bench:admin`): the backends,
 * the benchmark platform (analytics-platform.ts) built once per database and reused, the real app
 * signed in through the real endpoint, and timed requests with their percentiles.
 *
 * Backends: PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) is set — an EMPTY database (e.g.
 * `createdb resonant_bench`): the platform is built once and reused by later runs of either
 * benchmark (BENCH_REBUILD=1 builds it again, and so does a change of scale or of the platform's
 * version; a database with other data is refused) — then PGlite in a temporary directory
 * (BENCH_PGLITE_DIR keeps and reuses one instead). BENCH_BACKENDS=postgresql|pglite picks one.
 * BENCH_SCALE (default 1) scales the number of small organisations; the big one is always full.
 * BENCH_REQUESTS (default 200) timed requests per route.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, type Database, type DatabaseConnection } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { addMember, createAccount } from '../test/factories.ts';
import {
  buildPlatform,
  SMALL_ORGS_AT_FULL_SCALE,
  type PlatformSummary,
} from './analytics-platform.ts';
import { BIG_ORG_NAME } from './platform-members.ts';

/**
 * The platform's version: a database built by an earlier version is built again. 2: sessions,
 * member_active_days, org_daily_activity, last activity and the app admin. 3: the big
 * organisation's session minutes, optimal-zone samples, breathing patterns and tags (reports).
 * 4: the app admin marked (accounts.is_app_admin).
 */
const PLATFORM_VERSION = 4;
const WARM_UP_REQUESTS = 20;

type Backend = 'postgresql' | 'pglite';

/** Who the benchmarks sign in as: an org admin of the big organisation, and the app admin. */
const BENCH_PEOPLE = {
  orgAdmin: { email: 'bench-admin@bench.test', password: 'Bench#Admin1' },
  appAdmin: { email: 'bench-app-admin@bench.test', password: 'Bench#AppAdmin1' },
} as const;
type BenchPerson = keyof typeof BENCH_PEOPLE;

type Meta = PlatformSummary & { version: number; scale: number; buildSeconds: number };

const log = (message = '') => process.stdout.write(`${message}\n`);

/**
 * One timed route: its label and request (a list is taken in turn, e.g. one per member);
 * `counted` (default true) counts it toward the goal.
 */
export type TimedRoute = {
  label: string;
  request: InjectOptions | readonly InjectOptions[];
  counted?: boolean;
  /** Runs before each of the route's requests, untimed (e.g. a commit, so nothing is reused). */
  before?: () => Promise<unknown>;
};

/** What a benchmark's measurement gets: the backend, its database and the real app signed in. */
type BenchContext = {
  backend: Backend;
  connection: DatabaseConnection;
  app: FastifyInstance;
  token: string;
  log: (message?: string) => void;
  /** Warms the routes up, then times each; true when every counted route meets the goal. */
  timeRoutes: (routes: readonly TimedRoute[]) => Promise<boolean>;
};

export type BenchOptions = {
  title: string;
  /** The p95 goal of each backend, in ms. */
  goalP95Ms: Record<Backend, number>;
  signInAs: BenchPerson;
  measure: (context: BenchContext) => Promise<boolean>;
};

/** Runs a benchmark on each backend in turn, building or reusing the platform on each. */
export async function runBench(options: BenchOptions): Promise<void> {
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
  const backends = (process.env.BENCH_BACKENDS?.split(',') ??
    (url ? ['postgresql', 'pglite'] : ['pglite'])) as Backend[];
  if (!Number.isFinite(scale) || scale < 0) throw new Error('BENCH_SCALE must be a number ≥ 0');
  if (!Number.isInteger(requests) || requests < 1) {
    throw new Error('BENCH_REQUESTS must be a whole number ≥ 1');
  }
  const smallOrgs = Math.round(SMALL_ORGS_AT_FULL_SCALE * scale);
  log(
    `${options.title}: ${backends.join(' and ')}; scale ${scale} (${smallOrgs} small ` +
      `organisations besides '${BIG_ORG_NAME}'); ${requests} timed requests per route`,
  );
  let allMet = true;
  for (const backend of backends) {
    if (backend === 'postgresql' && !url) {
      throw new Error('Set BENCH_DATABASE_URL (or DATABASE_URL) to benchmark PostgreSQL');
    }
    log(`\n=== ${backend} ===`);
    const connection = await openBackend(backend, url);
    try {
      const meta = await preparePlatform(connection.connection, smallOrgs, scale);
      log(
        `platform: ${meta.orgs} organisations, ${meta.members.toLocaleString('en')} members, ` +
          `${meta.readings.toLocaleString('en')} readings, ` +
          `${meta.sessions.toLocaleString('en')} sessions, ` +
          `${meta.rollups.toLocaleString('en')} daily rollups, ` +
          `${meta.activeDays.toLocaleString('en')} member active days, ` +
          `${meta.orgDays.toLocaleString('en')} organisation days (scale ${meta.scale}); ` +
          `built in ${meta.buildSeconds.toFixed(0)} s`,
      );
      const met = await withApp(connection.connection, options.signInAs, (app, token) =>
        options.measure({
          backend,
          connection: connection.connection,
          app,
          token,
          log,
          timeRoutes: (routes) =>
            timeRoutes(app, token, routes, requests, options.goalP95Ms[backend]),
        }),
      );
      allMet &&= met;
    } finally {
      await connection.close();
    }
  }
  log(`\ngoals ${allMet ? 'met' : 'NOT met'}`);
}

/** PostgreSQL at `url`, or PGlite in a temporary directory (or BENCH_PGLITE_DIR, kept). */
async function openBackend(backend: Backend, url: string) {
  const pgliteDir =
    backend === 'pglite'
      ? (process.env.BENCH_PGLITE_DIR ??
        fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-bench-pglite-')))
      : null;
  const connection =
    backend === 'postgresql'
      ? await openDatabase({ databaseUrl: url, poolSize: 10 })
      : await openDatabase({ dataDir: pgliteDir! });
  return {
    connection,
    async close() {
      await connection.close();
      if (pgliteDir && !process.env.BENCH_PGLITE_DIR) {
        fs.rmSync(pgliteDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Builds the platform into an empty database, or reuses one built before at the same scale and
 * version.
 */
async function preparePlatform(
  connection: DatabaseConnection,
  smallOrgs: number,
  scale: number,
): Promise<Meta> {
  const { db } = connection;
  const existing = await readMeta(db);
  if (
    existing &&
    existing.scale === scale &&
    existing.version === PLATFORM_VERSION &&
    !process.env.BENCH_REBUILD
  ) {
    log('reusing the platform built by an earlier run (BENCH_REBUILD=1 builds it again)');
    return existing as Meta;
  }
  if (existing) {
    await resetBenchDatabase(db);
  } else if (await hasTables(db)) {
    throw new Error(
      'The benchmark database is not empty and was not built by this benchmark: point ' +
        'BENCH_DATABASE_URL at an empty database (e.g. createdb resonant_bench)',
    );
  }
  await connection.migrate();
  log(`building the platform (${smallOrgs} small organisations)…`);
  const started = performance.now();
  const summary = await buildPlatform(db, smallOrgs, log);
  const orgAdmin = await createAccount(db, {
    ...BENCH_PEOPLE.orgAdmin,
    firstName: 'Bench',
    lastName: 'Admin',
  });
  await createAccount(db, {
    ...BENCH_PEOPLE.appAdmin,
    firstName: 'Bench',
    lastName: 'AppAdmin',
    isAppAdmin: true,
  });
  const bigOrg = await rows<{ org_id: string }>(db, `select org_id from bench_orgs where n = 0`);
  await addMember(db, bigOrg[0]!.org_id, orgAdmin.id, { orgAdmin: true });
  const meta: Meta = {
    ...summary,
    version: PLATFORM_VERSION,
    scale,
    buildSeconds: (performance.now() - started) / 1000,
  };
  await db.execute(sql`create table bench_meta (meta jsonb not null)`);
  await db.execute(sql`insert into bench_meta (meta) values (${JSON.stringify(meta)}::jsonb)`);
  return meta;
}

/** The rows of a query (SQL text, or a query with parameters). */
export async function rows<T>(db: Database, query: string | SQL): Promise<T[]> {
  const result = await db.execute(typeof query === 'string' ? sql.raw(query) : query);
  return (result as unknown as { rows: T[] }).rows;
}

async function readMeta(db: Database): Promise<Partial<Meta> | null> {
  const [table] = await rows<{ name: string | null }>(
    db,
    `select to_regclass('public.bench_meta')::text as name`,
  );
  if (!table?.name) return null;
  const [row] = await rows<{ meta: Meta | string }>(db, 'select meta from bench_meta');
  if (!row) return null;
  return typeof row.meta === 'string' ? (JSON.parse(row.meta) as Meta) : row.meta;
}

export async function hasTables(db: Database): Promise<boolean> {
  const [row] = await rows<{ n: number }>(
    db,
    `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** Empties a database this benchmark built (it has bench_meta), to build it again. */
export async function resetBenchDatabase(db: Database) {
  await db.execute(sql.raw('drop schema public cascade'));
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('create schema public'));
}

/** The real app on the connection, with a bearer token of `person` from the real sign-in. */
async function withApp<T>(
  connection: DatabaseConnection,
  person: BenchPerson,
  use: (app: FastifyInstance, token: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: 'production',
    MAIL_OUTBOX: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'resonant-bench-unused'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'resonant-bench-no-web'),
    APP_ADMIN_EMAIL: BENCH_PEOPLE.appAdmin.email,
  });
  const app = await buildApp({
    config,
    db: connection.db,
    databaseKind: connection.kind,
    clock: systemClock,
  });
  await app.ready();
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: BENCH_PEOPLE[person],
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    return await use(app, (signIn.json() as { token: string }).token);
  } finally {
    await app.close();
  }
}

/**
 * Warm-up (the JIT, the connection pool, the database's cache), then `requests` timed requests per
 * route, one at a time; prints p50 and p95 of each. True when every counted route meets the goal.
 */
async function timeRoutes(
  app: FastifyInstance,
  token: string,
  routes: readonly TimedRoute[],
  requests: number,
  goalP95Ms: number,
): Promise<boolean> {
  const requestOf = (route: TimedRoute, i: number): InjectOptions => {
    const list = [route.request].flat();
    return list[i % list.length]!;
  };
  for (const route of routes) {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) {
      await route.before?.();
      await timedRequest(app, token, requestOf(route, i));
    }
  }
  const width = Math.max(...routes.map((route) => route.label.length)) + 2;
  let met = true;
  for (const route of routes) {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      await route.before?.();
      times.push(await timedRequest(app, token, requestOf(route, i)));
    }
    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    const ok = p95 <= goalP95Ms;
    if (route.counted ?? true) met &&= ok;
    log(
      `${route.label.padEnd(width)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95
        .toFixed(1)
        .padStart(6)} ms   (goal p95 ≤ ${goalP95Ms} ms: ${ok ? 'met' : 'NOT met'})`,
    );
  }
  return met;
}

/** One request through the app as `token`; its time in ms (anything but 200 stops the run). */
async function timedRequest(
  app: FastifyInstance,
  token: string,
  request: InjectOptions,
): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) {
    throw new Error(`${request.url}: ${response.statusCode} ${response.body}`);
  }
  return elapsed;
}

/** The nearest-rank percentile of a sample. */
export function percentile(sample: readonly number[], p: number): number {
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

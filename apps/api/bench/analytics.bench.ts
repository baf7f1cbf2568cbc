/**
 * `npm run bench:analytics`: latency of the dashboards' analytics on a platform of about 5 million
 * readings (issue 4, item 7). Goal: p95 ≤ 50 ms on PostgreSQL and ≤ 150 ms on PGlite for
 * `dashboard_aggregated?type=org` of the 1,000-member organisation and `org_groups_trends`.
 *
 * The platform (see analytics-platform.ts) is bulk-inserted with SQL, NOT through the ingestion
 * service — 5 million recordings through packages/hrv would take hours. Readings get plausible
 * metric values and a 4-byte placeholder RR series; member_daily_rollups is computed by SQL from
 * the inserted readings with the sums and counts the service would have added (and
 * member_rollup_totals follows from it through its triggers, as in production).
 *
 * Requests go through the real app end to end: buildApp + app.inject with a bearer token from the
 * real sign-in, so each one pays for the session, the tenant scope and serialisation too.
 *
 * Backends: PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) is set — an EMPTY database (e.g.
 * `createdb resonant_bench`): the platform is built once and reused by later runs (BENCH_REBUILD=1
 * builds it again; a database with other data is refused) — then PGlite in a temporary directory
 * (BENCH_PGLITE_DIR keeps and reuses one instead). BENCH_BACKENDS=postgresql|pglite picks one.
 * BENCH_SCALE (default 1) scales the number of small organisations; the big one is always full.
 * BENCH_REQUESTS (default 200) timed requests per route.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, type Database, type DatabaseConnection } from '../src/db/client.ts';
import { platformBandMeans } from '../src/features/analytics/analytics.queries.ts';
import { systemClock } from '../src/lib/clock.ts';
import { addMember, createAccount } from '../test/factories.ts';
import {
  BIG_ORG_NAME,
  buildPlatform,
  SMALL_ORGS_AT_FULL_SCALE,
  type PlatformSummary,
} from './analytics-platform.ts';

const GOAL_P95_MS = { postgresql: 50, pglite: 150 } as const;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP_REQUESTS = 20;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ADMIN_EMAIL = 'bench-admin@bench.test';
const ADMIN_PASSWORD = 'Bench#Admin1';

type Backend = keyof typeof GOAL_P95_MS;
type Meta = PlatformSummary & { scale: number; buildSeconds: number };

const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
const backends = (process.env.BENCH_BACKENDS?.split(',') ??
  (url ? ['postgresql', 'pglite'] : ['pglite'])) as Backend[];

const log = (message = '') => console.log(message);

async function main() {
  if (!Number.isFinite(SCALE) || SCALE < 0) throw new Error('BENCH_SCALE must be a number ≥ 0');
  const smallOrgs = Math.round(SMALL_ORGS_AT_FULL_SCALE * SCALE);
  log(
    `Analytics benchmark: ${backends.join(' and ')}; scale ${SCALE} (${smallOrgs} small ` +
      `organisations besides '${BIG_ORG_NAME}'); ${REQUESTS} timed requests per route`,
  );
  let allMet = true;
  for (const backend of backends) {
    if (backend === 'postgresql' && !url) {
      throw new Error('Set BENCH_DATABASE_URL (or DATABASE_URL) to benchmark PostgreSQL');
    }
    log(`\n=== ${backend} ===`);
    const met = await benchBackend(backend, smallOrgs);
    allMet &&= met;
  }
  log(`\ngoals ${allMet ? 'met' : 'NOT met'}`);
}

async function benchBackend(backend: Backend, smallOrgs: number): Promise<boolean> {
  const pgliteDir =
    backend === 'pglite'
      ? (process.env.BENCH_PGLITE_DIR ??
        fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-bench-pglite-')))
      : null;
  const connection =
    backend === 'postgresql'
      ? await openDatabase({ databaseUrl: url, poolSize: 10 })
      : await openDatabase({ dataDir: pgliteDir! });
  try {
    const meta = await preparePlatform(connection, smallOrgs);
    log(
      `platform: ${meta.orgs} organisations, ${meta.members.toLocaleString('en')} members, ` +
        `${meta.readings.toLocaleString('en')} readings, ${meta.rollups.toLocaleString('en')} ` +
        `daily rollups (scale ${meta.scale}); built in ${meta.buildSeconds.toFixed(0)} s`,
    );
    return await measure(backend, connection);
  } finally {
    await connection.close();
    if (pgliteDir && !process.env.BENCH_PGLITE_DIR) {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
    }
  }
}

/** Builds the platform into an empty database, or reuses one built before at the same scale. */
async function preparePlatform(connection: DatabaseConnection, smallOrgs: number): Promise<Meta> {
  const { db } = connection;
  const scale = SCALE;
  const existing = await readMeta(db);
  if (existing && existing.scale === scale && !process.env.BENCH_REBUILD) {
    log('reusing the platform built by an earlier run (BENCH_REBUILD=1 builds it again)');
    return existing;
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
  const admin = await createAccount(db, {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    firstName: 'Bench',
    lastName: 'Admin',
  });
  const bigOrg = await rows<{ org_id: string }>(db, `select org_id from bench_orgs where n = 0`);
  await addMember(db, bigOrg[0]!.org_id, admin.id, { orgAdmin: true });
  const meta = { ...summary, scale, buildSeconds: (performance.now() - started) / 1000 };
  await db.execute(sql`create table bench_meta (meta jsonb not null)`);
  await db.execute(sql`insert into bench_meta (meta) values (${JSON.stringify(meta)}::jsonb)`);
  return meta;
}

async function rows<T>(db: Database, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

async function readMeta(db: Database): Promise<Meta | null> {
  const [table] = await rows<{ name: string | null }>(
    db,
    `select to_regclass('public.bench_meta')::text as name`,
  );
  if (!table?.name) return null;
  const [row] = await rows<{ meta: Meta | string }>(db, 'select meta from bench_meta');
  if (!row) return null;
  return typeof row.meta === 'string' ? (JSON.parse(row.meta) as Meta) : row.meta;
}

async function hasTables(db: Database): Promise<boolean> {
  const [row] = await rows<{ n: number }>(
    db,
    `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** Empties a database this benchmark built (it has bench_meta), to build it again. */
async function resetBenchDatabase(db: Database) {
  await db.execute(sql.raw('drop schema public cascade'));
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('create schema public'));
}

/** Times the routes through the real app; true when both p95 goals are met. */
async function measure(backend: Backend, connection: DatabaseConnection): Promise<boolean> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'resonant-bench-unused'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'resonant-bench-no-web'),
    APP_ADMIN_EMAIL: 'bench-app-admin@bench.test',
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
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    const token = (signIn.json() as { token: string }).token;
    const get = (url: string) => timedGet(app, token, url);

    // The platform norms outside the cache: what one request a minute pays.
    const normsMs: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      await platformBandMeans(connection.db, new Date(), new Date().toISOString().slice(0, 10));
      normsMs.push(performance.now() - started);
    }
    log(
      `platform norms query (cached for a minute): median ${percentile(normsMs, 0.5).toFixed(1)} ms`,
    );

    const routes = [
      ['dashboard_aggregated?type=org', '/api/hrv_analytics/dashboard_aggregated?type=org'],
      ['org_groups_trends (page of 5)', '/api/hrv_analytics/org_groups_trends?limit=5&offset=0'],
      ['org_groups_trends (all 20)', '/api/hrv_analytics/org_groups_trends?limit=100&offset=0'],
    ] as const;
    // Warm-up: the JIT, the connection pool, the database's cache and the platform norms.
    for (const [, path] of routes) {
      for (let i = 0; i < WARM_UP_REQUESTS; i++) await get(path);
    }
    let met = true;
    for (const [label, path] of routes) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await get(path));
      const p50 = percentile(times, 0.5);
      const p95 = percentile(times, 0.95);
      const ok = p95 <= GOAL_P95_MS[backend];
      if (label !== 'org_groups_trends (all 20)') met &&= ok;
      log(
        `${label.padEnd(32)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95
          .toFixed(1)
          .padStart(6)} ms   (goal p95 ≤ ${GOAL_P95_MS[backend]} ms: ${ok ? 'met' : 'NOT met'})`,
      );
    }
    return met;
  } finally {
    await app.close();
  }
}

async function timedGet(app: FastifyInstance, token: string, url: string): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return elapsed;
}

/** The nearest-rank percentile of a sample. */
function percentile(sample: readonly number[], p: number): number {
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

await main();

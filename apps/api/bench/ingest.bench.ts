/**
 * `npm run bench:ingest`: bulk ingestion (issue 16, Deliver 3 and 4) through the real server.
 *
 * server.ts runs as a child process as in production (`node --import tsx`, NODE_ENV=production, no
 * demo data) on a fresh database, with event-loop-probe.mjs preloaded to measure its event-loop
 * delay. Through the real routes over loopback HTTP, the app admin adds an organisation whose
 * admin adds BENCH_UPLOADERS members; after a small warm-up batch each (not timed: it starts the
 * worker thread), each member uploads their share of BENCH_READINGS synthetic 5-minute readings
 * (packages/hrv's generator, about 300-400 beats each) in batches of BATCH_MAX_ITEMS to
 * POST /api/v1/readings/batch, all members at once. Printed: readings/s from the first request to
 * the last answer, and the server's event-loop delay over that time (p99 and max). Then, for
 * comparison, the path before batches: BENCH_SINGLE_READINGS readings posted one per request to
 * POST /api/v1/readings, one connection per member.
 *
 * Goals: ≥ 1,000 readings/s on PostgreSQL and ≥ 300/s on PGlite, event loop p99 < 50 ms.
 *
 * Backends: PGlite in a temporary DATA_DIR; PostgreSQL too when BENCH_DATABASE_URL (or
 * DATABASE_URL) is set: the server it names gets a fresh database for the run, dropped afterwards
 * (the database named is left alone). BENCH_BACKENDS=postgresql|pglite picks one. The server
 * listens on a free loopback port.
 */
import { once } from 'node:events';
import { BATCH_MAX_ITEMS, type ReadingsBatchResponse } from '@resonant/contracts/readings';
import { generateRr } from '@resonant/hrv/synthetic';
import { freshServerDatabase, spawnServer } from '../test/spawned-server.ts';
import { encryptForTransport } from '../test/transport-password.ts';

type Backend = 'pglite' | 'postgresql';

const GOAL_READINGS_PER_S: Record<Backend, number> = { postgresql: 1000, pglite: 300 };
const GOAL_EVENT_LOOP_P99_MS = 50;
/** Distinct RR series the readings take in turn (generating 20,000 would only slow the setup). */
const SERIES = 64;
const HOUR_MS = 3_600_000;
const WARM_UP_READINGS = 50;
/** How long the server may take to start (migrations on a fresh database) or to answer a signal. */
const WAIT_MS = 120_000;
const APP_ADMIN = { email: 'bench-ingest-admin@bench.test', password: 'Bench#Ingest1' };
const PASSWORD = 'Bench#Member1';
const probe = new URL('./event-loop-probe.mjs', import.meta.url).href;

const log = (message = '') => process.stdout.write(`${message}\n`);
const count = (n: number) => n.toLocaleString('en');

function wholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

const readingsTotal = wholeNumber('BENCH_READINGS', 20_000);
const uploaders = wholeNumber('BENCH_UPLOADERS', 4);
const singleTotal = wholeNumber('BENCH_SINGLE_READINGS', 2_000);
const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
const backends = (process.env.BENCH_BACKENDS?.split(',') ??
  (url ? ['postgresql', 'pglite'] : ['pglite'])) as Backend[];
if (backends.includes('postgresql') && !url) {
  throw new Error('Set BENCH_DATABASE_URL (or DATABASE_URL) to benchmark PostgreSQL');
}

type EventLoopDelay = { p50: number; p99: number; max: number; samples: number };
type Server = {
  base: string;
  output: () => string;
  /** The event-loop delay since the previous call (or the start). */
  eventLoopDelay: () => Promise<EventLoopDelay>;
  stop: () => Promise<void>;
};

/** server.ts as production runs it, with the event-loop probe preloaded (answering over IPC). */
async function startServer(databaseEnv: Record<string, string>): Promise<Server> {
  const spawned = await spawnServer(
    {
      ...databaseEnv,
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      APP_ADMIN_EMAIL: APP_ADMIN.email,
      APP_ADMIN_PASSWORD: APP_ADMIN.password,
      AUTH_RATE_LIMIT_PER_IP: '100000',
    },
    { preload: [probe], ipc: true },
  );
  const { child } = spawned;
  const server: Server = {
    base: `http://127.0.0.1:${spawned.port}`,
    output: spawned.output,
    async eventLoopDelay() {
      const answer = once(child, 'message');
      child.send('event-loop-delay');
      return (await answer)[0] as EventLoopDelay;
    },
    async stop() {
      child.kill('SIGTERM');
      await spawned.exited;
    },
  };
  await spawned.waitFor(/Resonant is running/, WAIT_MS);
  return server;
}

/** One request to the server; its JSON answer, or the run stops with what the server said. */
async function call<T>(
  server: Server,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const signIn = async (server: Server, email: string, password: string) =>
  (await call<{ token: string }>(server, 'POST', '/api/auth/sign-in', null, { email, password }))
    .token;

/**
 * The organisation the readings go to, made through the product's routes: the app admin adds it,
 * its admin adds the members. Returns the members' bearer tokens.
 */
async function buildOrganisation(server: Server): Promise<string[]> {
  const appAdmin = await signIn(server, APP_ADMIN.email, APP_ADMIN.password);
  const { public_key: key } = await call<{ public_key: string }>(
    server,
    'GET',
    '/api/auth/public-key',
    appAdmin,
  );
  const adminEmail = 'ingest-admin@bench.test';
  const org = await call<{ default_group_id: string }>(
    server,
    'POST',
    '/api/org/profile',
    appAdmin,
    {
      name: 'Ingest Bench',
      first_name: 'Ingest',
      last_name: 'Admin',
      email: adminEmail,
      gender: 'Female',
      dob: '1980-01-01',
      password: encryptForTransport(key, PASSWORD),
    },
  );
  const admin = await signIn(server, adminEmail, PASSWORD);
  const tokens: string[] = [];
  for (let n = 0; n < uploaders; n++) {
    const email = `ingest-member-${n}@bench.test`;
    await call(server, 'POST', '/api/org/users', admin, {
      firstName: 'Member',
      lastName: `Number ${String.fromCharCode(65 + (n % 26))}`,
      email,
      password: encryptForTransport(key, PASSWORD),
      groupIds: [org.default_group_id],
      gender: n % 2 ? 'Male' : 'Female',
      birthDate: '1985-05-05',
    });
    tokens.push(await signIn(server, email, PASSWORD));
  }
  return tokens;
}

/** Synthetic 5-minute recordings, whole milliseconds as devices report them. */
const series = Array.from({ length: SERIES }, (_, seed) =>
  Array.from(generateRr({ seed, durationS: 300, meanHr: 52 + (seed % 30) })),
);

/**
 * Member `member`'s `n` readings, one every 6 hours back from now: a morning and an anytime
 * reading in turn (`label` keeps the two runs' clientIds and times apart).
 */
function readingsOf(member: number, n: number, label: 'warm-up' | 'batch' | 'single') {
  const start = Date.now() - { 'warm-up': 2, batch: 1, single: 4 }[label] * HOUR_MS;
  return Array.from({ length: n }, (_, i) => ({
    clientId: `${label}-${member}-${i}`,
    takenAt: new Date(start - i * 6 * HOUR_MS).toISOString(),
    kind: i % 2 ? 'anytime' : 'morning',
    rr: series[(member * 7 + i) % SERIES]!,
  }));
}

/** Splits `total` among the members, as evenly as whole numbers allow. */
const shareOf = (total: number, member: number) =>
  Math.floor(total / uploaders) + (member < total % uploaders ? 1 : 0);

/** Runs `work` and times it, with the server's event-loop delay meanwhile. */
async function measured(server: Server, work: () => Promise<number>) {
  await server.eventLoopDelay(); // starts the count afresh
  const started = performance.now();
  const readings = await work();
  const seconds = (performance.now() - started) / 1000;
  return { readings, seconds, perSecond: readings / seconds, delay: await server.eventLoopDelay() };
}

/** Every member uploads their batches in turn, all members at once. */
async function uploadBatches(server: Server, tokens: string[]): Promise<number> {
  const bodies = tokens.map((_, member) => {
    const readings = readingsOf(member, shareOf(readingsTotal, member), 'batch');
    const batches: string[] = [];
    for (let start = 0; start < readings.length; start += BATCH_MAX_ITEMS) {
      batches.push(JSON.stringify({ readings: readings.slice(start, start + BATCH_MAX_ITEMS) }));
    }
    return batches;
  });
  const stored = await Promise.all(
    tokens.map(async (token, member) => {
      let created = 0;
      for (const body of bodies[member]!) {
        const answer = await call<ReadingsBatchResponse>(
          server,
          'POST',
          '/api/v1/readings/batch',
          token,
          body,
        );
        if (answer.failed > 0) {
          const refused = answer.results.find((result) => result.status === 'failed');
          throw new Error(`a reading was refused: ${refused?.message}`);
        }
        created += answer.created;
      }
      return created;
    }),
  );
  return stored.reduce((sum, n) => sum + n, 0);
}

/**
 * A small batch per member, not timed: the server's worker thread starts on its first batch (most
 * of a second) and the JIT and the database's caches warm up, as in a server that has been running.
 */
async function warmUp(server: Server, tokens: string[]) {
  for (const [member, token] of tokens.entries()) {
    const readings = readingsOf(member, WARM_UP_READINGS, 'warm-up');
    await call(server, 'POST', '/api/v1/readings/batch', token, { readings });
  }
}

/** Every member posts their readings one per request, all members at once. */
async function uploadOneByOne(server: Server, tokens: string[]): Promise<number> {
  const bodies = tokens.map((_, member) =>
    readingsOf(member, shareOf(singleTotal, member), 'single').map((reading) =>
      JSON.stringify(reading),
    ),
  );
  const stored = await Promise.all(
    tokens.map(async (token, member) => {
      for (const body of bodies[member]!) {
        await call(server, 'POST', '/api/v1/readings', token, body);
      }
      return bodies[member]!.length;
    }),
  );
  return stored.reduce((sum, n) => sum + n, 0);
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

log(
  `Ingest benchmark: ${backends.join(' and ')}; ${count(readingsTotal)} five-minute readings in ` +
    `batches of ${count(BATCH_MAX_ITEMS)} from ${uploaders} members at once; for comparison ` +
    `${count(singleTotal)} posted one by one over ${uploaders} connections`,
);
let allMet = true;
for (const backend of backends) {
  log(`\n=== ${backend} ===`);
  const database = await freshServerDatabase(
    backend === 'pglite' ? { kind: 'pglite' } : { kind: 'postgresql', url },
  );
  try {
    const server = await startServer(database.env);
    try {
      const tokens = await buildOrganisation(server);
      await warmUp(server, tokens);
      const batch = await measured(server, () => uploadBatches(server, tokens));
      const single = await measured(server, () => uploadOneByOne(server, tokens));
      const fastEnough = batch.perSecond >= GOAL_READINGS_PER_S[backend];
      const responsive = batch.delay.p99 < GOAL_EVENT_LOOP_P99_MS;
      allMet &&= fastEnough && responsive;
      const line = (label: string, run: typeof batch) =>
        `${label.padEnd(28)} ${count(run.readings).padStart(6)} readings in ` +
        `${run.seconds.toFixed(1).padStart(5)} s: ${run.perSecond.toFixed(0).padStart(5)} ` +
        `readings/s; event loop delay p99 ${run.delay.p99.toFixed(1)} ms, max ` +
        `${run.delay.max.toFixed(1)} ms`;
      log(`${line('POST /api/v1/readings/batch', batch)}`);
      log(
        `  goals: ≥ ${GOAL_READINGS_PER_S[backend]} readings/s ${met(fastEnough)}; ` +
          `p99 < ${GOAL_EVENT_LOOP_P99_MS} ms ${met(responsive)}`,
      );
      log(`${line('POST /api/v1/readings (before)', single)}`);
      log(`  batches: ${(batch.perSecond / single.perSecond).toFixed(1)}× the single route`);
    } catch (error) {
      log(`the server's output:\n${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}
log(`\ngoals ${met(allMet)}`);

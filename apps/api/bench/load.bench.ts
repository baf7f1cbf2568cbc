/**
 * `npm run bench:load`: requests/s and latency of the org dashboard under concurrent load (issue
 * 16), measured over HTTP on loopback with autocannon against the real server — server.ts started
 * as a child process with NODE_ENV=production on a fresh database seeded with the demo, every
 * request carrying the bearer token of the demo org admin from the real sign-in.
 *
 * Scenarios, each after a warm-up of a few seconds: the calls the web's /org page makes (below) as
 * a mix at each of BENCH_CONNECTIONS (default 10,50), then each of the two routes the goals name
 * alone at 10 connections. Goals: each of the two routes ≥ 300 requests/s with p95 ≤ 100 ms on
 * PGlite, ≥ 800 requests/s on PostgreSQL. Any answer other than 2xx, or a connection error, fails
 * the run (exit code 1): a broken route must not look fast.
 *
 * Environment: BENCH_DURATION (seconds per scenario, default 30); BENCH_CONNECTIONS (the mix's);
 * BENCH_DATABASE_URL adds PostgreSQL — an EMPTY database (e.g. `createdb resonant_load_bench`), or
 * one this benchmark seeded before, which is emptied and seeded again (one with other data is
 * refused); BENCH_BACKENDS=pglite|postgresql picks one; BENCH_SERVER_ROOT starts the server of
 * another checkout of this repository instead (its own node_modules installed), e.g. an earlier
 * commit to compare with. The client shares the machine with the server: figures are indicative.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fireLoad, TIMEOUT_SECONDS, type LoadRequest, type LoadResult } from './load-cannon.ts';
import { startLoadServer, type Backend, type LoadServer } from './load-server.ts';

const ORG_GROUPS_TRENDS: LoadRequest = {
  label: 'org_groups_trends?limit=5',
  path: '/api/hrv_analytics/org_groups_trends?limit=5&offset=0',
};
const DASHBOARD_AGGREGATED: LoadRequest = {
  label: 'dashboard_aggregated?type=org',
  path: '/api/hrv_analytics/dashboard_aggregated?type=org',
};

/**
 * What the web's /org page asks for as it opens (apps/web: the frame's top bar and
 * features/dashboard; checked in a browser), in its order: the signed-in user's profile (inside the
 * sign-in or refresh answer right after those; GET /api/user/profile whenever the page opens with
 * a profile older than the query cache's 30 s), the org-and-group switcher's list, the averages,
 * and the first page of 'Groups with their HRV Trend' (5 rows). Left out: a reload's session
 * restore (POST /api/auth/refresh spends a single-use cookie) and the public list of sign-in
 * providers.
 */
const ORG_DASHBOARD_CALLS: readonly LoadRequest[] = [
  { label: 'user/profile', path: '/api/user/profile' },
  { label: 'switch/orgs_and_groups', path: '/api/switch/orgs_and_groups' },
  DASHBOARD_AGGREGATED,
  ORG_GROUPS_TRENDS,
];

/** The goals hold at this many connections. */
const ROUTE_CONNECTIONS = 10;
const GOALS: Record<Backend, { minRequestsPerSecond: number; maxP95Ms?: number }> = {
  pglite: { minRequestsPerSecond: 300, maxP95Ms: 100 },
  postgresql: { minRequestsPerSecond: 800 },
};
const WARM_UP_SECONDS = 5;
const COLUMN_WIDTHS = [32, 6, 8, 8, 8, 8, 8, 7, 11];

/** `goal`: a route the goals name, alone at ROUTE_CONNECTIONS. */
type Scenario = {
  name: string;
  requests: readonly LoadRequest[];
  connections: number;
  goal?: boolean;
};

const log = (message = '') => process.stdout.write(`${message}\n`);

const durationSeconds = Number(process.env.BENCH_DURATION ?? 30);
const mixConnections = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const backends = (process.env.BENCH_BACKENDS?.split(',') ??
  (databaseUrl ? ['pglite', 'postgresql'] : ['pglite'])) as Backend[];
const serverRoot = process.env.BENCH_SERVER_ROOT
  ? path.resolve(process.env.BENCH_SERVER_ROOT)
  : undefined;

if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
  throw new Error('BENCH_DURATION must be a number of seconds > 0');
}
if (!mixConnections.every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error('BENCH_CONNECTIONS must be whole numbers > 0, separated by commas');
}
if (!backends.every((backend) => backend === 'pglite' || backend === 'postgresql')) {
  throw new Error('BENCH_BACKENDS must be pglite, postgresql or both (comma-separated)');
}
if (backends.includes('postgresql') && !databaseUrl) {
  throw new Error('Set BENCH_DATABASE_URL to benchmark PostgreSQL');
}
if (serverRoot && !fs.existsSync(path.join(serverRoot, 'apps/api/src/server.ts'))) {
  throw new Error(`BENCH_SERVER_ROOT ${serverRoot} is not a checkout of this repository`);
}

const scenarios: Scenario[] = [
  ...mixConnections.map((connections) => ({
    name: `/org load (${ORG_DASHBOARD_CALLS.length} calls)`,
    requests: ORG_DASHBOARD_CALLS,
    connections,
  })),
  ...[ORG_GROUPS_TRENDS, DASHBOARD_AGGREGATED].map((request) => ({
    name: request.label,
    requests: [request],
    connections: ROUTE_CONNECTIONS,
    goal: true,
  })),
];

// Ctrl-C: the run under way stops, then the server, and the benchmark ends.
const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => interrupt.abort());
}

const warmUpSeconds = Math.min(WARM_UP_SECONDS, durationSeconds);
log(
  `Load benchmark: ${backends.join(' and ')}; server of ${serverRoot ?? 'this checkout'}; ` +
    `${durationSeconds} s per scenario after ${warmUpSeconds} s of warm-up`,
);
let broken = false;
for (const backend of backends) {
  if (interrupt.signal.aborted) break;
  log(`\n=== ${backend} ===`);
  log('starting the server and seeding the demo…');
  const server = await startLoadServer({
    backend,
    databaseUrl,
    root: serverRoot,
    signal: interrupt.signal,
  }).catch((error: unknown) => {
    // A start given up for Ctrl-C has stopped its server: nothing more to say.
    if (interrupt.signal.aborted) return null;
    throw error;
  });
  if (!server) break;
  try {
    const results = await measure(server);
    broken ||= results.some(({ result }) => !answeredWell(result));
    if (!interrupt.signal.aborted) printGoals(backend, results);
  } finally {
    await server.stop({ interrupted: interrupt.signal.aborted });
  }
}
if (interrupt.signal.aborted) {
  log('\ninterrupted');
  process.exitCode = 130;
} else if (broken) {
  log('\nFAILED: some requests had no 2xx answer (above): these figures are not valid');
  process.exitCode = 1;
}

/** Warms up and runs each scenario, printing its row as it finishes. */
async function measure(server: LoadServer) {
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'client cpu',
  ];
  log(formatRow(header));
  const results: { scenario: Scenario; result: LoadResult }[] = [];
  for (const scenario of scenarios) {
    const run = {
      baseUrl: server.baseUrl,
      token: server.token,
      requests: scenario.requests,
      connections: scenario.connections,
      signal: interrupt.signal,
    };
    const warmUp = await fireLoad({ ...run, durationSeconds: warmUpSeconds });
    if (interrupt.signal.aborted) break;
    // A refused or failing route stops here; slowness (timeouts) is for the measurement to show.
    if (warmUp.non2xx.size > 0) {
      reportFailures(scenario, warmUp);
      throw new Error(`${scenario.name}: requests failed during the warm-up (above)`);
    }
    const result = await fireLoad({ ...run, durationSeconds });
    if (interrupt.signal.aborted) break;
    const nonOk = [...result.non2xx.values()].reduce((sum, n) => sum + n, 0);
    log(
      formatRow([
        scenario.name,
        String(scenario.connections),
        result.requestsPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p95Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        String(nonOk),
        String(result.errors),
        `${result.clientCpuPercent.toFixed(0)}%`,
      ]),
    );
    reportFailures(scenario, result);
    results.push({ scenario, result });
  }
  return results;
}

function answeredWell(result: LoadResult) {
  return result.non2xx.size === 0 && result.errors === 0;
}

function reportFailures(scenario: Scenario, result: LoadResult) {
  for (const [what, count] of result.non2xx) {
    log(`  !! ${scenario.name}: ${count} × ${what}`);
  }
  if (result.timeouts > 0) {
    log(`  !! ${scenario.name}: ${result.timeouts} × no answer within ${TIMEOUT_SECONDS} s`);
  }
  if (result.errors > result.timeouts) {
    log(`  !! ${scenario.name}: ${result.errors - result.timeouts} × connection error`);
  }
}

function formatRow(cells: readonly string[]) {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(COLUMN_WIDTHS[i]!) : cell.padStart(COLUMN_WIDTHS[i]!)))
    .join(' ');
}

/** PASS or MISS for each route the goals name (an answer other than 2xx is a MISS). */
function printGoals(backend: Backend, results: { scenario: Scenario; result: LoadResult }[]) {
  const goal = GOALS[backend];
  const wanted =
    `≥ ${goal.minRequestsPerSecond} req/s` +
    (goal.maxP95Ms === undefined ? '' : ` and p95 ≤ ${goal.maxP95Ms} ms`);
  log('');
  for (const { scenario, result } of results) {
    if (!scenario.goal) continue;
    const met =
      answeredWell(result) &&
      result.requestsPerSecond >= goal.minRequestsPerSecond &&
      (goal.maxP95Ms === undefined || result.p95Ms <= goal.maxP95Ms);
    log(
      `${met ? 'PASS' : 'MISS'}  ${scenario.name} at ${scenario.connections} connections: ` +
        `${wanted} (measured ${result.requestsPerSecond.toFixed(0)} req/s, ` +
        `p95 ${result.p95Ms.toFixed(1)} ms)`,
    );
  }
}

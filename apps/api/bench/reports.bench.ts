/**
 * `npm run bench:reports`: the reports of issue 13, item 5, on the platform `bench:analytics` uses.
 *
 * Latency: 5 members of the big organisation, the last 8 months up to the platform's latest
 * reading; each history endpoint timed over 200 requests taken in turn over the 5 members, as an
 * org admin through the real app (app.inject with a bearer token from the real sign-in). Goal:
 * p95 ≤ 100 ms on PostgreSQL; PGlite is reported against the same figure but not counted.
 *
 * Memory: GET /api/reports/readings.csv of one member with 1,000,000 readings (reports-csv-org.ts),
 * streamed by the real app listening on a loopback port IN THIS PROCESS and read as it arrives
 * (counted, never kept), while process.memoryUsage() is sampled every 50 ms; the kernel's peak RSS
 * (VmHWM, reset before the export) backs up the samples. Goal: rss growth ≤ 100 MiB on each backend.
 * The script runs node with --expose-gc, so the baseline is taken after a collection.
 * Environment (BENCH_DATABASE_URL, BENCH_BACKENDS, BENCH_REQUESTS, BENCH_REBUILD, BENCH_PGLITE_DIR):
 * bench-harness.ts.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { rows, runBench, type TimedRoute } from './bench-harness.ts';
import { CSV_ADMIN, CSV_READINGS, prepareCsvOrg } from './reports-csv-org.ts';

const MIB = 1024 * 1024;
const MEMORY_GOAL_MIB = 100;
const SAMPLE_EVERY_MS = 50;
/** A line of progress every so many rows: a slow export shows where it is. */
const REPORT_EVERY_ROWS = 100_000;

type Member = { id: string; sessionId: string };

await runBench({
  title: 'Reports benchmark',
  goalP95Ms: { postgresql: 100, pglite: 100 },
  signInAs: 'orgAdmin',
  async measure({ backend, connection, app, log, timeRoutes }) {
    const { db } = connection;
    const { members, from, to } = await pickMembers(db, log);
    const range = `from=${from}&to=${to}`;
    const inTurn = (url: (member: Member) => string): InjectOptions[] =>
      members.map((member) => ({ method: 'GET', url: url(member) }));
    const routes: TimedRoute[] = [
      {
        label: 'user/rmssd distinct',
        request: inTurn((m) => `/api/user/rmssd?user_id=${m.id}&${range}`),
      },
      {
        label: 'user/rmssd average, until_mid_day',
        request: inTurn(
          (m) =>
            `/api/user/rmssd?user_id=${m.id}&${range}` +
            '&chart_data_group_by=average&reading_taken_time=until_mid_day',
        ),
      },
      {
        label: 'selected-history exercise (20)',
        request: inTurn((m) => `/api/selected-history?user_id=${m.id}&type=exercise&${range}`),
      },
      {
        label: 'selected-history mindfulness (20)',
        request: inTurn((m) => `/api/selected-history?user_id=${m.id}&type=mindfulness&${range}`),
      },
      {
        label: 'biofeedback/all-time exercise',
        request: inTurn(
          (m) =>
            `/api/hrv_analytics/biofeedback/all-time?userId=${m.id}&sessionType=exercise&${range}`,
        ),
      },
      {
        label: 'raw-data (biofeedback session)',
        request: inTurn((m) => `/api/raw-data/${m.sessionId}?user_id=${m.id}`),
      },
    ];
    const fast = await timeRoutes(routes);
    const lean = await measureCsvExport(app, db, log);
    // The latency goal is PostgreSQL's; the export's memory goal holds on both.
    return (backend === 'pglite' || fast) && lean;
  },
});

/**
 * The first 5 members of the big organisation (each has a year of readings and sessions), the
 * latest biofeedback session of each with optimal-zone samples, and the report range: the last 8
 * months up to the platform's latest reading, as the reports page's default range. Prints what
 * the range holds, so a platform without what the routes read shows.
 */
async function pickMembers(db: Database, log: (message: string) => void) {
  const [latest] = await rows<{ at: string }>(
    db,
    sql`select to_char(max(r.taken_at) at time zone 'UTC', 'YYYY-MM-DD') as at
      from readings r join bench_orgs o on o.org_id = r.org_id and o.n = 0`,
  );
  const to = latest!.at;
  const fromDay = new Date(`${to}T00:00:00Z`);
  fromDay.setUTCMonth(fromDay.getUTCMonth() - 8);
  const from = fromDay.toISOString().slice(0, 10);
  const picked = await rows<Member & { readings: number; tagged: number; sessions: string }>(
    db,
    sql`select m.account_id as id,
        (select s.id from hrv_sessions s where s.org_id = m.org_id
          and s.account_id = m.account_id and s.kind = 'biofeedback'
          and s.optimal_zone_samples is not null
          order by s.started_at desc limit 1) as "sessionId",
        (select count(*)::int from readings r where r.org_id = m.org_id
          and r.account_id = m.account_id and r.taken_at >= ${from}::date) as readings,
        (select count(*)::int from reading_tags t join readings r on r.id = t.reading_id
          where r.org_id = m.org_id and r.account_id = m.account_id
          and r.taken_at >= ${from}::date) as tagged,
        (select string_agg(kind || ' ' || n || ' (' || minutes || ' minute rows, ' || oz
            || ' with OZ samples)', ', ')
          from (select s.kind, count(*) as n, count(s.optimal_zone_samples) as oz,
              sum((select count(*) from hrv_session_minutes x where x.session_id = s.id)) as minutes
            from hrv_sessions s where s.org_id = m.org_id and s.account_id = m.account_id
              and s.started_at >= ${from}::date and s.kind <> 'self_compassion'
            group by s.kind) k) as sessions
      from bench_members m where m.n = 0 order by m.ordinal limit 5`,
  );
  log(`report range ${from} to ${to}; 5 members of the big organisation, each:`);
  for (const member of picked) {
    log(`  ${member.readings} readings (${member.tagged} tagged); ${member.sessions}`);
  }
  if (picked.some((member) => !member.sessionId)) {
    throw new Error('a picked member has no biofeedback session with optimal-zone samples');
  }
  return { members: picked.map(({ id, sessionId }) => ({ id, sessionId })), from, to };
}

/**
 * Streams the CSV of the member with 1,000,000 readings from the app listening on a loopback port
 * in this process, counting rows and bytes as they arrive, and prints the process's memory before
 * and at its peak during the export. True when rss grew by at most MEMORY_GOAL_MIB.
 */
async function measureCsvExport(
  app: FastifyInstance,
  db: Database,
  log: (message?: string) => void,
): Promise<boolean> {
  const csvOrg = await prepareCsvOrg(db, log);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: CSV_ADMIN });
  if (signIn.statusCode !== 200) throw new Error(`CSV admin sign-in failed: ${signIn.body}`);
  const { token } = signIn.json() as { token: string };
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url =
    `http://127.0.0.1:${port}/api/reports/readings.csv?members=picked` +
    `&user_ids=${csvOrg.memberId}&from=${csvOrg.from}&to=${csvOrg.to}`;

  globalThis.gc?.();
  const baseline = process.memoryUsage();
  const kernelPeak = resetPeakRss();
  const peak = { rss: baseline.rss, heapUsed: baseline.heapUsed };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  };
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let nextReport = REPORT_EVERY_ROWS;
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200 || !response.body) {
      throw new Error(`readings.csv: ${response.status} ${await response.text()}`);
    }
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      if (lines >= nextReport) {
        const seconds = (performance.now() - started) / 1000;
        log(`  ${nextReport.toLocaleString('en')} rows after ${seconds.toFixed(0)} s`);
        nextReport += REPORT_EVERY_ROWS;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  sample();
  const seconds = (performance.now() - started) / 1000;
  const peakRss = Math.max(peak.rss, kernelPeak ? (readPeakRss() ?? 0) : 0);
  const rows = lines - 1;
  const growthMib = (peakRss - baseline.rss) / MIB;
  const mib = (value: number) => `${(value / MIB).toFixed(0)} MiB`;
  log(
    `\nreadings.csv of ${CSV_READINGS.toLocaleString('en')} readings (server in this process): ` +
      `${rows.toLocaleString('en')} rows, ${mib(bytes)} in ${seconds.toFixed(1)} s ` +
      `(${Math.round(rows / seconds).toLocaleString('en')} rows/s)`,
  );
  log(
    `  rss ${mib(baseline.rss)} before, ${mib(peakRss)} at the peak: growth ${growthMib.toFixed(0)} ` +
      `MiB (goal ≤ ${MEMORY_GOAL_MIB} MiB: ${growthMib <= MEMORY_GOAL_MIB ? 'met' : 'NOT met'})`,
  );
  log(
    `  heapUsed ${mib(baseline.heapUsed)} before, ${mib(peak.heapUsed)} at the peak: growth ` +
      `${mib(peak.heapUsed - baseline.heapUsed)}`,
  );
  if (rows !== CSV_READINGS) throw new Error(`expected ${CSV_READINGS} rows, got ${rows}`);
  return growthMib <= MEMORY_GOAL_MIB;
}

/**
 * Linux: resets the kernel's peak RSS of this process (VmHWM) to its current RSS; false where it
 * cannot (then the 50 ms samples alone give the peak).
 */
function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Linux: the kernel's peak RSS of this process in bytes (VmHWM), or null elsewhere. */
function readPeakRss(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

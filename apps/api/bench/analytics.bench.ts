/**
 * `npm run bench:analytics`: latency of the dashboards' analytics on a platform of about 5 million
 * readings (issue 4, item 7). Goal: p95 ≤ 50 ms on PostgreSQL and ≤ 150 ms on PGlite for
 * `dashboard_aggregated?type=org` of the 1,000-member organisation and `org_groups_trends`.
 *
 * The platform (analytics-platform.ts) is bulk-inserted with SQL, NOT through the ingestion
 * service — 5 million recordings through packages/hrv would take hours — with the rollups computed
 * by SQL from the inserted rows as ingestion would have kept them. Requests go through the real app
 * end to end (buildApp + app.inject with a bearer token from the real sign-in, as an org admin of
 * the big organisation), so each one pays for the session, the tenant scope and serialisation too.
 * A commit precedes each timed request, so the dashboards compute their answers afresh instead of
 * reusing an earlier request's (features/analytics/answer-cache.ts); one route is also timed
 * without it, the answer reused, for comparison.
 * Backends, platform reuse and the environment (BENCH_DATABASE_URL, BENCH_BACKENDS, BENCH_SCALE,
 * BENCH_REQUESTS, BENCH_REBUILD, BENCH_PGLITE_DIR): bench-harness.ts.
 */
import { sql } from 'drizzle-orm';
import { platformBandMeans } from '../src/kernel/platform-norms.queries.ts';
import { percentile, runBench } from './bench-harness.ts';

await runBench({
  title: 'Analytics benchmark',
  goalP95Ms: { postgresql: 50, pglite: 150 },
  signInAs: 'orgAdmin',
  async measure({ connection, log, timeRoutes }) {
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
    const get = (url: string) => ({ method: 'GET', url }) as const;
    // Commits a transaction that changes nothing: the database's snapshot moves on, as after a
    // new reading, so no answer of an earlier request is reused.
    const commit = () => connection.db.execute(sql`select pg_current_xact_id()`);
    return timeRoutes([
      {
        label: 'dashboard_aggregated?type=org',
        request: get('/api/hrv_analytics/dashboard_aggregated?type=org'),
        before: commit,
      },
      {
        label: 'org_groups_trends (page of 5)',
        request: get('/api/hrv_analytics/org_groups_trends?limit=5&offset=0'),
        before: commit,
      },
      {
        label: 'org_groups_trends (all 20)',
        request: get('/api/hrv_analytics/org_groups_trends?limit=100&offset=0'),
        counted: false,
        before: commit,
      },
      {
        label: 'dashboard_aggregated?type=org (answer reused)',
        request: get('/api/hrv_analytics/dashboard_aggregated?type=org'),
        counted: false,
      },
    ]);
  },
});

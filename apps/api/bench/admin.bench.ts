/**
 * `npm run bench:admin`: latency of the app admin's top organisations
 * (`POST /api/analytics/top_orgs_by_users`, issue 12 item 6) for every range chip (default sort by
 * active users, 10 rows, page 1) and one sorted by name, on the platform `bench:analytics` uses
 * (about 550 organisations, 5 million readings, their sessions and rollups). Goal: p95 ≤ 100 ms on
 * PostgreSQL; PGlite is reported against the same figure.
 *
 * Requests go through the real app end to end as the app admin (buildApp + app.inject with a
 * bearer token from the real sign-in). Backends, platform reuse and the environment
 * (BENCH_DATABASE_URL, BENCH_BACKENDS, BENCH_SCALE, BENCH_REQUESTS, BENCH_REBUILD,
 * BENCH_PGLITE_DIR): bench-harness.ts.
 */
import { TOP_ORGS_RANGES, type TopOrgsBody } from '@resonant/contracts/top-organizations';
import { runBench, type TimedRoute } from './bench-harness.ts';

const topOrgs = (label: string, payload: TopOrgsBody): TimedRoute => ({
  label,
  request: { method: 'POST', url: '/api/analytics/top_orgs_by_users', payload },
});

await runBench({
  title: 'Admin benchmark (top organisations)',
  goalP95Ms: { postgresql: 100, pglite: 100 },
  signInAs: 'appAdmin',
  measure: ({ timeRoutes }) =>
    timeRoutes([
      ...TOP_ORGS_RANGES.map((range) =>
        topOrgs(`top orgs: ${range.label}`, { range: range.value, limit: 10, page: 1 }),
      ),
      topOrgs('top orgs: 30 days by name', {
        range: '30_days',
        limit: 10,
        page: 1,
        sort_field: 'org_name',
        sort_order: 'asc',
      }),
    ]),
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { logStatements, type StatementLog } from '../../../test/statement-log.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';

const DASHBOARD = '/api/hrv_analytics/dashboard_aggregated?type=org';
const TRENDS = '/api/hrv_analytics/org_groups_trends?limit=5&offset=0';

// The dashboards' answers are reused only while the database is in the caller's state
// (answer-cache.ts): never older than the request's own first statement, never another tenant's.
describe('dashboard answers reused while nothing changed', () => {
  let now = new Date('2025-06-15T10:00:00Z');
  let t: TestApp;
  let log: StatementLog;
  let alpha: Awaited<ReturnType<typeof buildAlpha>>;
  let bravo: Awaited<ReturnType<typeof buildBravo>>;

  const buildAlpha = (app: TestApp) =>
    buildOrg(app, {
      name: 'Alpha Cache',
      groups: ['Team'],
      people: {
        owner: { orgAdmin: true },
        ann: { groups: ['Team'] },
        ben: { groups: ['Team'] },
      },
      signIn: ['owner', 'ann', 'ben'],
    });
  const buildBravo = (app: TestApp) =>
    buildOrg(app, {
      name: 'Bravo Cache',
      groups: ['Team'],
      people: { owner: { orgAdmin: true }, cat: { groups: ['Team'] } },
      signIn: ['owner', 'cat'],
    });

  /** A reading through the app's own ingestion route, as the member's phone sends it. */
  async function record(token: string, takenAt: string, swingMs: number) {
    const response = await t.call('POST', '/api/v1/readings', token, {
      clientId: randomUUID(),
      takenAt,
      kind: 'morning',
      rr: syntheticRr(300, { swingMs }),
    });
    expect(response.statusCode).toBe(201);
  }

  /** A GET as `token`: its JSON answer and the statements the database received for it. */
  async function traced(url: string, token: string) {
    let body: unknown;
    const statements = await log.during(async () => {
      const response = await t.call('GET', url, token);
      expect(response.statusCode).toBe(200);
      body = response.json();
    });
    return { body, statements };
  }

  /** The database's snapshot: it moves with every commit, in any database of a PostgreSQL server. */
  async function snapshot() {
    const result = await t.db.execute(sql`select pg_current_snapshot()::text as snapshot`);
    return (result as unknown as { rows: { snapshot: string }[] }).rows[0]!.snapshot;
  }

  /**
   * The same GET twice with nothing committed anywhere in between. On PostgreSQL the snapshot is
   * the server's, and the other test files commit in their own databases of it at any moment:
   * such a pair is tried again (a commit there rightly ends the reuse), at most ten times.
   */
  async function twiceInOneSnapshot(url: string, token: string) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = await snapshot();
      const first = await traced(url, token);
      const again = await traced(url, token);
      if ((await snapshot()) === before) return { first, again };
    }
    throw new Error(`no two requests of ${url} without a commit in between, in ten tries`);
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => now });
    log = logStatements(t.db);
    alpha = await buildAlpha(t);
    bravo = await buildBravo(t);
    await record(alpha.tokens.ann, '2025-06-15T06:00:00Z', 30);
    await record(alpha.tokens.ben, '2025-06-14T06:00:00Z', 50);
    await record(bravo.tokens.cat, '2025-06-15T06:00:00Z', 70);
  });
  afterAll(() => t.close());

  it('answers a repeated request with the caller’s one statement, the same answer', async () => {
    for (const url of [DASHBOARD, TRENDS]) {
      const { first, again } = await twiceInOneSnapshot(url, alpha.tokens.owner);
      expect(again.body).toEqual(first.body);
      expect(again.statements).toHaveLength(1);
    }
  });

  it('never answers one organisation with another’s figures', async () => {
    const alphaFirst = await traced(DASHBOARD, alpha.tokens.owner);
    const bravoFirst = await traced(DASHBOARD, bravo.tokens.owner);
    expect(bravoFirst.body).not.toEqual(alphaFirst.body);
    const alphaAgain = await traced(DASHBOARD, alpha.tokens.owner);
    const bravoAgain = await traced(DASHBOARD, bravo.tokens.owner);
    expect(alphaAgain.body).toEqual(alphaFirst.body);
    expect(bravoAgain.body).toEqual(bravoFirst.body);
  });

  it('shows a reading recorded in between in the very next answer', async () => {
    const before = await traced(DASHBOARD, alpha.tokens.owner);
    await record(alpha.tokens.ben, '2025-06-15T07:00:00Z', 60);
    const after = await traced(DASHBOARD, alpha.tokens.owner);
    expect(after.body).not.toEqual(before.body);
    expect(after.statements.length).toBeGreaterThan(1);
  });

  it('leaves a removed member out of the very next answer', async () => {
    const before = await traced(TRENDS, alpha.tokens.owner);
    const removed = await t.call(
      'DELETE',
      `/api/org/users?userId=${alpha.ids.ben}`,
      alpha.tokens.owner,
    );
    expect(removed.statusCode).toBe(200);
    const after = await traced(TRENDS, alpha.tokens.owner);
    expect(after.body).not.toEqual(before.body);
    expect(after.statements.length).toBeGreaterThan(1);
  });

  it('computes afresh in the next quarter hour, so no new day is missed', async () => {
    const { again } = await twiceInOneSnapshot(DASHBOARD, alpha.tokens.owner);
    expect(again.statements).toHaveLength(1);
    now = new Date(now.getTime() + 15 * 60_000);
    expect((await traced(DASHBOARD, alpha.tokens.owner)).statements.length).toBeGreaterThan(1);
  });
});

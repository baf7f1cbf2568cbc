import { count, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seedPartialDemoAsEarlierVersions } from '../../test/partial-demo.ts';
import { accounts } from '../db/schema/accounts.ts';
import { hrvSessions } from '../db/schema/hrv-sessions.ts';
import { invitations } from '../db/schema/invitations.ts';
import { organisations } from '../db/schema/organisations.ts';
import { readings } from '../db/schema/readings.ts';
import { memberRollupTotals } from '../db/schema/rollups.ts';
import { ensureDemo } from './demo.ts';
import { DEMO_MEMBER_EMAIL, seedDemoOrg } from './demo-org.ts';
import { markDemoSeeded } from './demo.queries.ts';

const DEMO_PASSWORD = 'Demo#Seed42';
const NOW = new Date('2026-03-01T12:00:00Z');

// Seeding the whole demo takes tens of seconds; it is checked end to end, against a reference, by
// server.test.ts. These tests check what ensureDemo decides and that a stopped seed leaves nothing.
describe('ensureDemo', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ clock: () => NOW });
  });
  afterEach(() => t.close());

  const contents = async () => ({
    organisations: await t.db.select().from(organisations).orderBy(organisations.id),
    accounts: (await t.db.select({ n: count() }).from(accounts))[0]!.n,
    invitations: (await t.db.select({ n: count() }).from(invitations))[0]!.n,
    readings: (await t.db.select({ n: count() }).from(readings))[0]!.n,
    sessions: (await t.db.select({ n: count() }).from(hrvSessions))[0]!.n,
    rolledUpReadings: (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${memberRollupTotals.readingsCount}), 0)::int` })
        .from(memberRollupTotals)
    )[0]!.n,
  });

  /** Runs ensureDemo until shortly after its recordings began, then aborts it. */
  const stoppedDuringRecordings = async () => {
    const stop = new AbortController();
    const progress: string[] = [];
    await expect(
      ensureDemo(t.db, {
        password: DEMO_PASSWORD,
        now: NOW,
        progress: (message) => {
          progress.push(message);
          if (message.startsWith('Seeding')) setTimeout(() => stop.abort(), 300);
        },
        signal: stop.signal,
      }),
    ).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    return progress;
  };

  it('leaves the database as it found it when stopped during the recordings', async () => {
    const before = await contents();
    const progress = await stoppedDuringRecordings();
    expect(progress[0]).toMatch(/^Seeding eight months of demo recordings for \d+ members…$/);
    expect(await contents()).toEqual(before);
  });

  it('replaces a partial demo of an earlier version in the same transaction, so a stop keeps it', async () => {
    await seedPartialDemoAsEarlierVersions(t.db, DEMO_PASSWORD, NOW);
    const partial = await contents();
    expect(partial.readings).toBeGreaterThan(0);
    expect(partial.organisations.map((org) => org.demoSeededAt)).toEqual([null]);

    // The partial demo was removed and a new Demo Org, its accounts and invitations stored (the
    // recordings come after them), then the stop rolled all of it back.
    const progress = await stoppedDuringRecordings();
    expect(progress.slice(0, 2)).toEqual([
      'Removing the partial demo left by an interrupted start…',
      expect.stringMatching(/^Seeding eight months/),
    ]);
    expect(await contents()).toEqual(partial);
  });

  it('does nothing once the demo is marked whole', async () => {
    const orgId = await seedDemoOrg(t.db, DEMO_PASSWORD);
    await markDemoSeeded(t.db, orgId, NOW);
    const before = await contents();
    const progress: string[] = [];
    expect(
      await ensureDemo(t.db, {
        password: 'Other#Password1',
        now: new Date(NOW.getTime() + 86_400_000),
        progress: (message) => progress.push(message),
      }),
    ).toBeNull();
    expect(progress).toEqual([]);
    expect(await contents()).toEqual(before);
    expect(before.organisations).toMatchObject([{ id: orgId, demoSeededAt: NOW }]);
    expect((await t.signIn(DEMO_MEMBER_EMAIL, DEMO_PASSWORD)).length).toBeGreaterThan(0);
  });
});

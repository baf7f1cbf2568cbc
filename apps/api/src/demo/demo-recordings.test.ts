import { and, count, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { addMember, createAccount, createOrg } from '../../test/factories.ts';
import { hrvSessionMinutes, hrvSessions } from '../db/schema/hrv-sessions.ts';
import { orgMemberships } from '../db/schema/organisations.ts';
import { readings } from '../db/schema/readings.ts';
import { memberDailyRollups } from '../db/schema/rollups.ts';
import { seedDemoRecordings } from './demo-recordings.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('seedDemoRecordings', () => {
  let t: TestApp;
  let orgId: string;
  const members: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await createOrg(t.db, { name: 'Seeded Org' });
    orgId = org.id;
    for (const [gender, birthDate] of [
      ['Female', '1994-05-01'],
      ['Male', '1961-11-20'],
    ] as const) {
      const account = await createAccount(t.db, { gender, birthDate });
      await addMember(t.db, org.id, account.id);
      members.push(account.id);
    }
  });
  afterAll(() => t.close());

  it('gives every member eight months of readings and sessions through the ingestion service', async () => {
    const summary = await seedDemoRecordings(t.db, orgId, NOW);
    expect(summary).toMatchObject({ members: 2 });

    const eightMonthsAgo = new Date(NOW.getTime() - 243 * 24 * 3600 * 1000);
    for (const accountId of members) {
      const mornings = await t.db
        .select({ n: count(), first: sql<string>`min(${readings.takenAt})` })
        .from(readings)
        .where(and(eq(readings.accountId, accountId), eq(readings.kind, 'morning')));
      // Most days, with gaps: well over half of the 243 days, never all of them.
      expect(mornings[0]!.n).toBeGreaterThan(140);
      expect(mornings[0]!.n).toBeLessThan(243);
      expect(new Date(mornings[0]!.first).getTime()).toBeLessThan(
        eightMonthsAgo.getTime() + 14 * 24 * 3600 * 1000,
      );
      const anytime = await t.db
        .select({ n: count() })
        .from(readings)
        .where(and(eq(readings.accountId, accountId), eq(readings.kind, 'anytime')));
      expect(anytime[0]!.n).toBeGreaterThan(10);

      const sessions = await t.db
        .select({ kind: hrvSessions.kind, n: count() })
        .from(hrvSessions)
        .where(eq(hrvSessions.accountId, accountId))
        .groupBy(hrvSessions.kind);
      const byKind = Object.fromEntries(sessions.map((row) => [row.kind, row.n]));
      expect(byKind.biofeedback).toBeGreaterThan(10);
      expect(byKind.mindfulness).toBeGreaterThan(5);

      const [activity] = await t.db
        .select({ at: orgMemberships.lastActivityAt })
        .from(orgMemberships)
        .where(eq(orgMemberships.accountId, accountId));
      expect(activity!.at!.getTime()).toBeGreaterThan(NOW.getTime() - 7 * 24 * 3600 * 1000);
    }
    expect(summary!.readings).toBe(
      (await t.db.select({ n: count() }).from(readings).where(eq(readings.orgId, orgId)))[0]!.n,
    );
  });

  it('stores metrics computed by the engine: plausible, mostly good quality, with minutes and optimal zone', async () => {
    const [stats] = await t.db
      .select({
        good: sql<number>`count(*) filter (where ${readings.quality} = 'good')::int`,
        all: count(),
        rmssd: sql<number>`avg(${readings.rmssd})`,
        heartRate: sql<number>`avg(${readings.meanHr})`,
      })
      .from(readings);
    expect(stats!.good / stats!.all).toBeGreaterThan(0.9);
    expect(stats!.rmssd).toBeGreaterThan(10);
    expect(stats!.rmssd).toBeLessThan(120);
    expect(stats!.heartRate).toBeGreaterThan(50);
    expect(stats!.heartRate).toBeLessThan(90);

    const biofeedback = await t.db
      .select({
        id: hrvSessions.id,
        oz: hrvSessions.ozSesAvgPercentage,
        lfPeak: hrvSessions.lfPeak,
      })
      .from(hrvSessions)
      .where(eq(hrvSessions.kind, 'biofeedback'));
    expect(biofeedback.every((session) => session.oz !== null)).toBe(true);
    const minutes = await t.db
      .select({ n: count() })
      .from(hrvSessionMinutes)
      .where(eq(hrvSessionMinutes.sessionId, biofeedback[0]!.id));
    expect(minutes[0]!.n).toBeGreaterThanOrEqual(5);
    // Paced breathing at 6/min puts the LF peak near 0.1 Hz.
    const nearResonance = biofeedback.filter((s) => s.lfPeak! > 0.07 && s.lfPeak! < 0.13);
    expect(nearResonance.length / biofeedback.length).toBeGreaterThan(0.8);
  });

  it('keeps the rollups in step with the readings', async () => {
    const [rolled] = await t.db
      .select({ readings: sql<number>`sum(${memberDailyRollups.readingsCount})::int` })
      .from(memberDailyRollups)
      .where(and(eq(memberDailyRollups.orgId, orgId), gte(memberDailyRollups.day, '2000-01-01')));
    const [stored] = await t.db.select({ n: count() }).from(readings);
    expect(rolled!.readings).toBe(stored!.n);
  });

  it('stops before the next recording once its signal is aborted', async () => {
    const org = await createOrg(t.db, { name: 'Stopped Org' });
    await addMember(t.db, org.id, (await createAccount(t.db)).id);
    const stop = new AbortController();
    const progress: string[] = [];
    stop.abort();
    await expect(
      seedDemoRecordings(t.db, org.id, NOW, {
        progress: (message) => progress.push(message),
        signal: stop.signal,
      }),
    ).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    expect(progress).toHaveLength(1);
    const [stored] = await t.db
      .select({ n: count() })
      .from(readings)
      .where(eq(readings.orgId, org.id));
    expect(stored!.n).toBe(0);
  });
});

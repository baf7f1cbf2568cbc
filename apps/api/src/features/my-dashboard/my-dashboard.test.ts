import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { groupMemberships, orgMemberships } from '../../db/schema/organisations.ts';

const NOW = new Date('2025-06-30T09:00:00Z');
const TODAY = '2025-06-30';
const URL = '/api/v1/dashboard';

type Stored = { day: string; kind: 'morning' | 'anytime'; rmssd: number };

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const sd = (values: readonly number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
};

// 404 does not apply: the route takes no id, it is always the caller's own data.
describe('GET /api/v1/dashboard (the member’s own dashboard; no id, so no 404)', () => {
  let t: TestApp;
  const token = { ada: '', bob: '', newbie: '', leaver: '', loner: '', appAdmin: '' };
  const ada: Stored[] = [];

  const get = (bearer: string | undefined) => t.call('GET', URL, bearer);
  const dashboard = async (bearer: string) => {
    const response = await get(bearer);
    expect(response.statusCode).toBe(200);
    return response.json<MyDashboardResponse>();
  };

  async function record(
    orgId: string,
    accountId: string,
    takenAt: string,
    options: { kind?: 'morning' | 'anytime'; swingMs: number; seed: number },
  ) {
    const kind = options.kind ?? 'morning';
    const { reading } = await recordReading(
      t.db,
      { orgId, accountId },
      { clientId: randomUUID(), takenAt, kind, rr: syntheticRr(180, options) },
      NOW,
    );
    expect(reading.quality).toBe('good');
    return { day: takenAt.slice(0, 10), kind, rmssd: reading.metrics.rmssd! };
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      people: {
        ada: { gender: 'Female', birthDate: '1990-01-01' },
        bob: {},
        newbie: {},
        leaver: {},
      },
      signIn: ['ada', 'bob', 'newbie', 'leaver'],
    });
    Object.assign(token, org.tokens);
    // Ada: 16 mornings (15 to 30 June), an anytime reading after the last, and one in March.
    for (let index = 0; index < 16; index++) {
      const day = addDays('2025-06-15', index);
      const options = { swingMs: 30 + ((index * 7) % 31), seed: index + 1 };
      ada.push(await record(org.id, org.ids.ada, `${day}T06:00:00Z`, options));
    }
    ada.push(await record(org.id, org.ids.ada, '2025-03-01T06:00:00Z', { swingMs: 80, seed: 40 }));
    ada.push(
      await record(org.id, org.ids.ada, `${TODAY}T08:00:00Z`, {
        kind: 'anytime',
        swingMs: 45,
        seed: 41,
      }),
    );
    // Bob, in the same organisation, with much larger values: never counted as Ada's.
    for (let index = 0; index < 16; index++) {
      const day = addDays('2025-06-15', index);
      await record(org.id, org.ids.bob, `${day}T06:30:00Z`, { swingMs: 120, seed: 50 + index });
    }
    // Two mornings: not yet a baseline.
    for (const day of ['2025-06-27', '2025-06-29']) {
      await record(org.id, org.ids.newbie, `${day}T06:00:00Z`, { swingMs: 40, seed: 3 });
    }
    // Three mornings, then they leave the organisation: the readings stay theirs.
    for (const day of ['2025-06-28', '2025-06-29', '2025-06-30']) {
      await record(org.id, org.ids.leaver, `${day}T06:00:00Z`, { swingMs: 50, seed: 7 });
    }
    await t.db.delete(groupMemberships).where(eq(groupMemberships.accountId, org.ids.leaver));
    await t.db.delete(orgMemberships).where(eq(orgMemberships.accountId, org.ids.leaver));
    token.loner = (await signedInAccount(t)).token;
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL, isAppAdmin: true })).token;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 signed out', async () => {
    const response = await get(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 403 to the app admin, who holds no own data', async () => {
    const response = await get(token.appAdmin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('computes the headline, the six figures and the consistency from the member’s own readings', async () => {
    const body = await dashboard(token.ada);
    const mornings = ada.filter((r) => r.kind === 'morning' && r.day >= '2025-06-01');
    const lnOf = (from: string) =>
      mornings.filter((r) => r.day >= from).map((r) => Math.log(r.rmssd));
    const week = lnOf(addDays(TODAY, -6));
    const sixty = lnOf(addDays(TODAY, -59));
    const low = Math.exp(mean(sixty) - 0.5 * sd(sixty));
    const high = Math.exp(mean(sixty) + 0.5 * sd(sixty));
    const lastMorning = mornings.find((r) => r.day === TODAY)!;
    const anytime = ada.find((r) => r.kind === 'anytime')!;

    expect(body.today).toBe(TODAY);
    expect(body.has_readings).toBe(true);
    expect(body.has_baseline).toBe(true);
    expect(body.consistency).toEqual({ valid_mornings: 7, needed: 3, window_days: 7 });
    expect(body.current.baseline).toBeCloseTo(Math.exp(mean(week)), 6);
    expect(body.current.cv_percent).toBeCloseTo((sd(week) / Math.abs(mean(week))) * 100, 6);
    expect(body.current.normal_low).toBeCloseTo(low, 6);
    expect(body.current.normal_high).toBeCloseTo(high, 6);
    expect(body.latest_morning).toMatchObject({ date: TODAY, taken_at: `${TODAY}T06:00:00.000Z` });
    expect(body.latest_morning!.rmssd).toBeCloseTo(lastMorning.rmssd, 6);
    const standing =
      lastMorning.rmssd < low
        ? 'below_normal'
        : lastMorning.rmssd > high
          ? 'above_normal'
          : 'within_normal';
    expect(body.latest_morning!.standing).toBe(standing);
    expect(body.latest_morning!.normal_low).toBeCloseTo(low, 6);
    expect(body.latest_morning!.normal_high).toBeCloseTo(high, 6);

    const figures = Object.fromEntries(body.metrics.map((m) => [m.label, m.rmssd]));
    const all = ada.map((r) => r.rmssd);
    const since = (from: string) => mean(ada.filter((r) => r.day >= from).map((r) => r.rmssd));
    expect(figures['Latest Reading']).toBeCloseTo(anytime.rmssd, 6);
    expect(figures['Previous Reading']).toBeCloseTo(lastMorning.rmssd, 6);
    expect(figures['7-Day Average']).toBeCloseTo(since(addDays(TODAY, -6)), 6);
    expect(figures['30-Day Average']).toBeCloseTo(since(addDays(TODAY, -29)), 6);
    expect(figures['All-Time Average']).toBeCloseTo(mean(all), 6);
    // Female, 35 on the day: too few platform members, so Voss et al. 2015's 35–44 women.
    expect(figures['Population Norm']).toBeCloseTo(30.7, 6);
  });

  it('charts 90 days, every day present, nulls where there is nothing', async () => {
    const { series } = await dashboard(token.ada);
    expect(series).toHaveLength(90);
    expect(series[0]!.date).toBe(addDays(TODAY, -89));
    expect(series.at(-1)!.date).toBe(TODAY);
    expect(series.find((day) => day.date === '2025-05-01')).toEqual({
      date: '2025-05-01',
      morning_rmssd: null,
      baseline: null,
      normal_low: null,
      normal_high: null,
    });
    // Two mornings: a value, not yet a baseline; the third brings the baseline line.
    const second = series.find((day) => day.date === '2025-06-16')!;
    expect(second.morning_rmssd).toBeCloseTo(ada[1]!.rmssd, 6);
    expect(second.baseline).toBeNull();
    const third = series.find((day) => day.date === '2025-06-17')!;
    const firstThree = ada.slice(0, 3).map((r) => Math.log(r.rmssd));
    expect(third.baseline).toBeCloseTo(Math.exp(mean(firstThree)), 6);
    // The range needs 14 mornings: 28 June is the 14th.
    expect(series.find((day) => day.date === '2025-06-27')!.normal_low).toBeNull();
    expect(series.find((day) => day.date === '2025-06-28')!.normal_low).not.toBeNull();
  });

  it('never counts another member’s readings', async () => {
    const bob = await dashboard(token.bob);
    const own = await dashboard(token.ada);
    const bobAllTime = bob.metrics.find((m) => m.label === 'All-Time Average')!.rmssd!;
    const adaAllTime = own.metrics.find((m) => m.label === 'All-Time Average')!.rmssd!;
    expect(adaAllTime).toBeCloseTo(mean(ada.map((r) => r.rmssd)), 6);
    expect(bobAllTime).toBeGreaterThan(adaAllTime);
    expect(own.series.filter((day) => day.morning_rmssd !== null)).toHaveLength(16);
  });

  it('says there is no baseline yet with two mornings of the seven', async () => {
    const body = await dashboard(token.newbie);
    expect(body.has_readings).toBe(true);
    expect(body.has_baseline).toBe(false);
    expect(body.consistency.valid_mornings).toBe(2);
    expect(body.current.baseline).toBeNull();
    expect(body.latest_morning).toMatchObject({ date: '2025-06-29', standing: null });
  });

  it('still shows a member who left their organisation their own numbers', async () => {
    const body = await dashboard(token.leaver);
    expect(body.has_readings).toBe(true);
    expect(body.has_baseline).toBe(true);
    expect(body.consistency.valid_mornings).toBe(3);
    expect(body.metrics[0]!.rmssd).not.toBeNull();
  });

  it('answers the empty state to a person alone without readings', async () => {
    const body = await dashboard(token.loner);
    expect(body).toMatchObject({
      has_readings: false,
      has_baseline: false,
      latest_morning: null,
      consistency: { valid_mornings: 0, needed: 3, window_days: 7 },
      current: { baseline: null, cv_percent: null, normal_low: null, normal_high: null },
    });
    expect(body.today).toBe(TODAY);
    expect(body.series).toHaveLength(90);
    expect(body.series.every((day) => day.morning_rmssd === null && day.baseline === null)).toBe(
      true,
    );
    expect(body.metrics.slice(0, 5).every((m) => m.rmssd === null)).toBe(true);
  });
});

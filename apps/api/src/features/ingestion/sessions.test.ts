import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrvSession } from '@resonant/contracts/sessions';
import type { TagsResponse } from '@resonant/contracts/tags';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { memberAndAppAdmin } from '../../../test/ingestion-fixtures.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { readings } from '../../db/schema/readings.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

/** Paced breathing at 6/min on ~950 ms beats, unless the test says otherwise. */
const pacedRr = (seconds: number, meanMs = 950) =>
  syntheticRr(seconds, { meanMs, swingMs: 5, breathsPerMinute: 6 });

const BREATH_TIME = {
  name: 'Resonance 6',
  inhalePercentage: 40,
  exhalePercentage: 60,
  inhaleSeconds: 4,
  exhaleSeconds: 6,
  defaultTotalMinutes: 6,
};

describe('POST /api/v1/sessions', () => {
  let t: TestApp;
  let memberId: string;
  let tagId: string;
  const token = { member: '', appAdmin: '' };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const callers = await memberAndAppAdmin(t);
    memberId = callers.memberId;
    Object.assign(token, callers.token);
    const tags = await t.call('GET', '/api/tags', token.member);
    tagId = tags.json<TagsResponse>().list.find((tag) => tag.tag_name === 'Meditation')!.id;
  });
  afterAll(() => t.close());

  const post = (bearer: string | undefined, payload: Record<string, unknown>) =>
    t.call('POST', '/api/v1/sessions', bearer, payload);
  const body = (overrides: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    type: 'biofeedback',
    startedAt: '2025-06-01T08:00:00Z',
    sessionName: 'Morning resonance',
    breathsPerMinute: 6,
    breathTime: BREATH_TIME,
    rr: pacedRr(360),
    ozValues: [
      { oz: 90, ts: 0 },
      { oz: 70, ts: 5000 },
      { oz: 85, ts: 10000 },
      { oz: 60, ts: 15000 },
    ],
    ...overrides,
  });
  const stored = async () => ({
    sessions: (await t.db.select({ n: count() }).from(hrvSessions))[0]!.n,
    minutes: (await t.db.select({ n: count() }).from(hrvSessionMinutes))[0]!.n,
    tags: (await t.db.select({ n: count() }).from(hrvSessionTags))[0]!.n,
    readings: (await t.db.select({ n: count() }).from(readings))[0]!.n,
    rollups: (await t.db.select({ n: count() }).from(memberDailyRollups))[0]!.n,
  });

  it('answers 401 when signed out and 403 to the app admin', async () => {
    expect((await post(undefined, body())).statusCode).toBe(401);
    const response = await post(token.appAdmin, body());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 201 with per-minute results, averages and the optimal-zone figures', async () => {
    const before = await stored();
    const payload = body({ tags: [tagId] });
    const response = await post(token.member, payload);
    expect(response.statusCode).toBe(201);
    const session = response.json<HrvSession>();
    expect(session).toMatchObject({
      clientId: payload.clientId,
      type: 'biofeedback',
      startedAt: '2025-06-01T08:00:00.000Z',
      sessionName: 'Morning resonance',
      breathsPerMinute: 6,
      breathTime: BREATH_TIME,
      quality: 'good',
      // Samples above 80 are in the zone: 90 and 85 of 90, 70, 85, 60.
      ozSesAvgPercentage: 50,
      optimalZoneSessionAverage: 76.25,
      tags: [{ id: tagId, tag_name: 'Meditation' }],
    });
    expect(session.sessionMinutes).toBeCloseTo(6, 1);
    expect(session.results.map((minute) => minute.countTime)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const minute of session.results) {
      expect(minute.metrics.rmssd).toBeGreaterThan(0);
      expect(minute.metrics.meanNni).toBeCloseTo(950, -1);
    }
    expect(session.results[0]).toMatchObject({ lfReliable: false, vlfReliable: false });
    expect(session.results[5]).toMatchObject({ lfReliable: true, vlfReliable: true });
    expect(session.averages.rmssd).toBeGreaterThan(0);
    expect(session.averages.meanHr).toBeCloseTo(60000 / 950, 0);
    // Breathing at 6/min puts the power at 0.1 Hz, in LF.
    expect(session.averages.lfPeak).toBeCloseTo(0.1, 1);
    expect(JSON.stringify(session)).not.toMatch(/NaN|Infinity/);

    const [row] = await t.db.select().from(hrvSessions).where(eq(hrvSessions.id, session.id));
    expect(row).toMatchObject({
      accountId: memberId,
      kind: 'biofeedback',
      optimalZoneSamples: { kind: 'biofeedback', values: payload.ozValues },
    });
    expect(row!.rrMs).toEqual(payload.rr);
    // Sessions are not readings: the readings' daily rollups stay as they were.
    expect(await stored()).toEqual({
      ...before,
      sessions: before.sessions + 1,
      minutes: before.minutes + 6,
      tags: before.tags + 1,
    });
  });

  it('stores mindfulness scores with their reportStartTime', async () => {
    const response = await post(
      token.member,
      body({
        type: 'mindfulness',
        breathsPerMinute: null,
        breathTime: null,
        rr: pacedRr(140, 1000),
        ozValues: [100, 80, 60],
        reportStartTime: '2025-06-01T08:00:05Z',
      }),
    );
    expect(response.statusCode).toBe(201);
    const session = response.json<HrvSession>();
    expect(session).toMatchObject({
      type: 'mindfulness',
      breathsPerMinute: null,
      breathTime: null,
      ozSesAvgPercentage: (100 * 1) / 3,
      optimalZoneSessionAverage: 80,
    });
    expect(session.results).toHaveLength(2);
    const [row] = await t.db.select().from(hrvSessions).where(eq(hrvSessions.id, session.id));
    expect(row!.optimalZoneSamples).toEqual({
      kind: 'mindfulness',
      values: [100, 80, 60],
      reportStartTime: '2025-06-01T08:00:05Z',
    });
  });

  it('answers null optimal-zone figures without samples', async () => {
    for (const ozValues of [undefined, []]) {
      const response = await post(token.member, body({ type: 'self_compassion', ozValues }));
      expect(response.statusCode).toBe(201);
      expect(response.json<HrvSession>()).toMatchObject({
        type: 'self_compassion',
        ozSesAvgPercentage: null,
        optimalZoneSessionAverage: null,
      });
    }
  });

  it('stores a session shorter than a minute with no minutes and whole-series averages', async () => {
    const response = await post(token.member, body({ rr: pacedRr(20), ozValues: [] }));
    expect(response.statusCode).toBe(201);
    const session = response.json<HrvSession>();
    expect(session).toMatchObject({ results: [], quality: 'low', ozSesAvgPercentage: null });
    expect(session.averages.meanNni).toBeCloseTo(950, -1);
    expect(JSON.stringify(session)).not.toMatch(/NaN|Infinity/);
  });

  it('answers the same clientId again with 200 and the first result, storing nothing', async () => {
    const payload = body({ tags: [tagId] });
    const first = await post(token.member, payload);
    expect(first.statusCode).toBe(201);
    const before = await stored();
    const again = await post(token.member, payload);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const racing = await Promise.all([post(token.member, payload), post(token.member, payload)]);
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await stored()).toEqual(before);
  });

  it('stores one session when two posts with the same clientId race', async () => {
    const before = await stored();
    const payload = body();
    const responses = await Promise.all([post(token.member, payload), post(token.member, payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(responses[0]!.json()).toEqual(responses[1]!.json());
    expect((await stored()).sessions).toBe(before.sessions + 1);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an empty series', { rr: [] }, 'rr: The series is empty'],
    ['a value out of range', { rr: [900, 3500] }, 'rr.1: 3500 ms is out of range'],
    ['a non-numeric entry', { rr: [900, '900'] }, 'rr.1: Must be a number of milliseconds'],
    [
      'an unknown type',
      { type: 'yoga' },
      'type: Must be biofeedback, mindfulness or self_compassion',
    ],
    ['a missing session name', { sessionName: '' }, 'sessionName: Required'],
    [
      'a future start',
      { startedAt: '2025-06-01T12:10:00Z' },
      'startedAt: Must not be in the future',
    ],
    // Found by the fuzz suite: PostgreSQL has no year 0 and refused the insert with a 500.
    [
      'a start in the year 0',
      { startedAt: '0000-12-31T23:00:00Z' },
      'startedAt: Must be between the years 1 and 9999',
    ],
    [
      'mixed optimal-zone samples',
      { ozValues: [{ oz: 1, ts: 0 }, 5] },
      'ozValues: Must be a list of {oz, ts} samples or a list of numbers',
    ],
    [
      'an unknown tag',
      { tags: ['9f0c4c1e-0000-4000-8000-000000000000'] },
      'Unknown tag: 9f0c4c1e-0000-4000-8000-000000000000',
    ],
    ['a zero breathing rate', { breathsPerMinute: 0 }, 'breathsPerMinute: Must be more than 0'],
  ];
  it.each(bad)('answers 400 to %s, storing nothing', async (_name, overrides, message) => {
    const before = await stored();
    const response = await post(token.member, body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await stored()).toEqual(before);
  });
});

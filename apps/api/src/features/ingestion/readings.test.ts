import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reading } from '@resonant/contracts/readings';
import type { TagsResponse } from '@resonant/contracts/tags';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createOrg } from '../../../test/factories.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';
import { orgMemberships } from '../../db/schema/organisations.ts';
import { NO_CURRENT_ORG_MESSAGE } from '@resonant/contracts/errors';

const NOW = new Date('2025-06-01T12:00:00Z');

describe('POST /api/v1/readings', () => {
  let t: TestApp;
  let orgId: string;
  let memberId: string;
  let orgAdminId: string;
  let platformTagId: string;
  let ownTagId: string;
  let otherOrgTagId: string;
  const token = { member: '', groupAdmin: '', orgAdmin: '', appAdmin: '', noOrg: '' };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      name: 'Kiwi Org',
      timeZone: 'Pacific/Auckland',
      people: {
        member: { groups: ['Default'] },
        groupAdmin: { adminOf: ['Default'] },
        orgAdmin: { orgAdmin: true },
      },
      signIn: ['member', 'groupAdmin', 'orgAdmin'],
    });
    orgId = org.id;
    memberId = org.ids.member;
    orgAdminId = org.ids.orgAdmin;
    const otherOrg = await createOrg(t.db);
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    token.noOrg = (await signedInAccount(t)).token;
    Object.assign(token, org.tokens);

    const [own] = await t.db
      .insert(tags)
      .values({ orgId: org.id, name: 'Cold plunge' })
      .returning({ id: tags.id });
    const [foreign] = await t.db
      .insert(tags)
      .values({ orgId: otherOrg.id, name: 'Sauna' })
      .returning({ id: tags.id });
    ownTagId = own!.id;
    otherOrgTagId = foreign!.id;
    const list = await t.call('GET', '/api/tags', token.member);
    platformTagId = list.json<TagsResponse>().list.find((tag) => tag.tag_name === 'Sleep')!.id;
  });
  afterAll(() => t.close());

  const post = (bearer: string | undefined, payload: Record<string, unknown>) =>
    t.call('POST', '/api/v1/readings', bearer, payload);
  const body = (overrides: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    takenAt: '2025-06-01T06:30:00Z',
    kind: 'morning',
    rr: syntheticRr(300),
    ...overrides,
  });
  const stored = async () => ({
    readings: (await t.db.select({ n: count() }).from(readings))[0]!.n,
    readingTags: (await t.db.select({ n: count() }).from(readingTags))[0]!.n,
    rollups: (await t.db.select({ n: count() }).from(memberDailyRollups))[0]!.n,
    rollupReadings: (await t.db.select().from(memberDailyRollups)).reduce(
      (sum, row) => sum + row.readingsCount,
      0,
    ),
  });
  const rollupOf = async (accountId: string, day: string) =>
    (
      await t.db
        .select()
        .from(memberDailyRollups)
        .where(eq(memberDailyRollups.accountId, accountId))
    )
      .filter((row) => row.day === day)
      .at(0);

  describe('who may post', () => {
    it('answers 401 when signed out', async () => {
      const response = await post(undefined, body());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to the app admin, who records no readings', async () => {
      const before = await stored();
      const response = await post(token.appAdmin, body());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await stored()).toEqual(before);
    });

    it('answers 403 with a clear message to an account without an organisation', async () => {
      const response = await post(token.noOrg, body());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_ORG_MESSAGE });
    });

    it.each(['groupAdmin', 'orgAdmin'] as const)(
      'lets a %s record its own reading',
      async (who) => {
        const response = await post(token[who], body());
        expect(response.statusCode).toBe(201);
      },
    );
  });

  describe('a stored reading', () => {
    it('answers 201 with the metrics, and stores the raw series, tags and the rollup', async () => {
      const rr = syntheticRr(300);
      rr[100] = 250; // accepted, then corrected by the engine's cleaning
      const payload = body({
        // 13:00 UTC on 31 May is 01:00 on 1 June in Auckland (NZST, UTC+12).
        takenAt: '2025-05-31T13:00:00Z',
        kind: 'morning',
        rr,
        tags: [ownTagId, platformTagId.toUpperCase()],
        note: '  after a good night  ',
        device: 'Polar H10',
      });
      const response = await post(token.member, payload);
      expect(response.statusCode).toBe(201);
      const reading = response.json<Reading>();
      expect(reading).toMatchObject({
        id: expect.any(String),
        clientId: payload.clientId,
        takenAt: '2025-05-31T13:00:00.000Z',
        kind: 'morning',
        quality: 'good',
        note: 'after a good night',
        device: 'Polar H10',
        tags: [
          { id: ownTagId, tag_name: 'Cold plunge' },
          { id: platformTagId, tag_name: 'Sleep' },
        ],
        createdAt: expect.any(String),
      });
      const { metrics } = reading;
      // The cleaning may drop or merge a beat it cannot correct.
      expect(metrics.beats).toBeGreaterThanOrEqual(rr.length - 2);
      expect(metrics.beats).toBeLessThanOrEqual(rr.length);
      expect(metrics.durationS).toBeGreaterThan(295);
      expect(metrics.artifactPercent).toBeGreaterThan(0);
      expect(metrics.meanNni).toBeGreaterThan(980);
      expect(metrics.meanNni).toBeLessThan(1020);
      expect(metrics.meanHr).toBeGreaterThan(58);
      expect(metrics.meanHr).toBeLessThan(62);
      expect(metrics.rmssd).toBeGreaterThan(20);
      expect(metrics.rmssd).toBeLessThan(100);
      expect(metrics.sdnn).toBeGreaterThan(10);
      expect(metrics.hf).toBeGreaterThan(0);
      expect(metrics.totalPower).toBeGreaterThan(0);
      expect(JSON.stringify(reading)).not.toMatch(/NaN|Infinity|rr_?ms/i);

      const [row] = await t.db.select().from(readings).where(eq(readings.id, reading.id));
      expect(row).toMatchObject({
        orgId,
        accountId: memberId,
        clientId: payload.clientId,
        quality: 'good',
        device: 'Polar H10',
        beats: metrics.beats,
      });
      expect(row!.rrMs).toEqual(rr);
      expect(row!.rmssd).toBe(metrics.rmssd);

      expect(await rollupOf(memberId, '2025-06-01')).toEqual({
        orgId,
        accountId: memberId,
        day: '2025-06-01',
        rmssdSum: metrics.rmssd,
        rmssdCount: 1,
        readingsCount: 1,
        morningCount: 1,
        anytimeCount: 0,
        lastTakenAt: new Date('2025-05-31T13:00:00Z'),
      });
      expect(await rollupOf(memberId, '2025-05-31')).toBeUndefined();
    });

    it('adds later readings of the same day to the rollup: sums and counts', async () => {
      const first = (await rollupOf(memberId, '2025-06-01'))!;
      const response = await post(
        token.member,
        body({
          takenAt: '2025-06-01T05:00:00Z',
          kind: 'anytime',
          rr: syntheticRr(240, { meanMs: 900 }),
        }),
      );
      expect(response.statusCode).toBe(201);
      const { rmssd } = response.json<Reading>().metrics;
      const after = await rollupOf(memberId, '2025-06-01');
      expect(after).toMatchObject({
        rmssdCount: 2,
        readingsCount: 2,
        morningCount: 1,
        anytimeCount: 1,
        lastTakenAt: new Date('2025-06-01T05:00:00Z'),
      });
      expect(after!.rmssdSum).toBeCloseTo(first.rmssdSum + rmssd!, 9);
    });

    it("moves the member's last activity forward, never back", async () => {
      const activity = async () =>
        (
          await t.db
            .select({
              at: orgMemberships.lastActivityAt,
              type: orgMemberships.lastActivityType,
            })
            .from(orgMemberships)
            .where(eq(orgMemberships.accountId, orgAdminId))
        )[0];
      const newer = await post(
        token.orgAdmin,
        body({ takenAt: '2025-06-01T11:00:00Z', kind: 'anytime' }),
      );
      expect(newer.statusCode).toBe(201);
      expect(await activity()).toEqual({ at: new Date('2025-06-01T11:00:00Z'), type: 'anytime' });
      const older = await post(token.orgAdmin, body({ takenAt: '2025-05-20T06:00:00Z' }));
      expect(older.statusCode).toBe(201);
      expect(await activity()).toEqual({ at: new Date('2025-06-01T11:00:00Z'), type: 'anytime' });
    });

    it('stores a reading with too little signal as low quality, outside the RMSSD sums', async () => {
      const before = (await rollupOf(memberId, '2025-06-01'))!;
      const response = await post(
        token.member,
        body({ takenAt: '2025-06-01T07:00:00Z', kind: 'anytime', rr: syntheticRr(40) }),
      );
      expect(response.statusCode).toBe(201);
      const reading = response.json<Reading>();
      expect(reading.quality).toBe('low');
      expect(reading.metrics.rmssd).toEqual(expect.any(Number));
      const [row] = await t.db.select().from(readings).where(eq(readings.id, reading.id));
      expect(row!.quality).toBe('low');
      expect(await rollupOf(memberId, '2025-06-01')).toMatchObject({
        rmssdSum: before.rmssdSum,
        rmssdCount: before.rmssdCount,
        readingsCount: before.readingsCount + 1,
        anytimeCount: before.anytimeCount + 1,
        lastTakenAt: new Date('2025-06-01T07:00:00Z'),
      });
    });

    it.each([
      ['a single beat', [1000]],
      ['a perfectly flat series', Array.from({ length: 300 }, () => 1000)],
    ])('stores %s without failing, null where a metric cannot be computed', async (_name, rr) => {
      const response = await post(token.member, body({ takenAt: '2025-05-10T06:00:00Z', rr }));
      expect(response.statusCode).toBe(201);
      const reading = response.json<Reading>();
      expect(JSON.stringify(reading)).not.toMatch(/NaN|Infinity/);
      expect(reading.metrics.beats).toBe(rr.length);
      if (rr.length === 1) {
        expect(reading.quality).toBe('low');
        expect(reading.metrics.rmssd).toBeNull();
      }
    });

    it('accepts a time a little ahead of the server clock (phone clock skew)', async () => {
      const takenAt = new Date(NOW.getTime() + 4 * 60_000).toISOString();
      expect((await post(token.member, body({ takenAt }))).statusCode).toBe(201);
    });
  });

  describe('bad input: 4xx naming the problem, nothing stored', () => {
    const bad: [string, () => Record<string, unknown>, number, string | (() => string)][] = [
      ['an empty series', () => body({ rr: [] }), 400, 'rr: The series is empty'],
      [
        'a non-numeric entry',
        () => body({ rr: [1000, 1000, 'abc', 1000] }),
        400,
        'rr.2: Must be a number of milliseconds',
      ],
      [
        'a null entry',
        () => body({ rr: [1000, null] }),
        400,
        'rr.1: Must be a number of milliseconds',
      ],
      ['a series that is not a list', () => body({ rr: '1000,1000' }), 400, 'rr:'],
      [
        'a value above 3000 ms',
        () => body({ rr: [1000, 1000, 5000, 1000] }),
        400,
        'rr.2: 5000 ms is out of range (200-3000 ms)',
      ],
      [
        'a zero value',
        () => body({ rr: [0, 1000] }),
        400,
        'rr.0: 0 ms is out of range (200-3000 ms)',
      ],
      [
        'a negative value',
        () => body({ rr: [1000, -800] }),
        400,
        'rr.1: -800 ms is out of range (200-3000 ms)',
      ],
      [
        'a series over 24 hours',
        () => body({ rr: Array.from({ length: 30_000 }, () => 2900) }),
        400,
        'rr: The series lasts 24.2 hours, more than the 24 hours allowed',
      ],
      [
        'more than 200,000 beats',
        () => body({ rr: Array.from({ length: 200_001 }, () => 300) }),
        400,
        'rr: 200001 intervals is more than the 200000 allowed',
      ],
      [
        'a time more than 5 minutes in the future',
        () => body({ takenAt: new Date(NOW.getTime() + 6 * 60_000).toISOString() }),
        400,
        'takenAt: Must not be in the future',
      ],
      ['a time without a zone', () => body({ takenAt: '2025-06-01T06:30:00' }), 400, 'takenAt:'],
      // Found by the fuzz suite: PostgreSQL has no year 0 and refused the insert with a 500.
      [
        'a time in the year 0',
        () => body({ takenAt: '0001-01-01T00:30:00+01:00' }),
        400,
        'takenAt: Must be between the years 1 and 9999',
      ],
      ['an unknown kind', () => body({ kind: 'evening' }), 400, 'kind: Must be morning or anytime'],
      ['a missing clientId', () => body({ clientId: undefined }), 400, 'clientId:'],
      ['a blank clientId', () => body({ clientId: '   ' }), 400, 'clientId:'],
      [
        'an unknown tag id',
        () => body({ tags: [platformTagId, '00000000-0000-4000-8000-000000000000'] }),
        400,
        'Unknown tag: 00000000-0000-4000-8000-000000000000',
      ],
      [
        'another organisation’s tag',
        () => body({ tags: [platformTagId, otherOrgTagId] }),
        400,
        () => `Unknown tag: ${otherOrgTagId}`,
      ],
      ['a tag that is not an id', () => body({ tags: ['Sleep'] }), 400, 'Unknown tag: Sleep'],
    ];

    it.each(bad)('refuses %s', async (_name, payload, status, message) => {
      const before = await stored();
      const response = await post(token.member, payload());
      expect(response.statusCode).toBe(status);
      const expected = typeof message === 'function' ? message() : message;
      expect(response.json<{ message: string }>().message).toContain(expected);
      expect(await stored()).toEqual(before);
    });

    it('answers a body over the limit with 413 as a JSON message', async () => {
      const before = await stored();
      const huge = JSON.stringify(body({ note: 'x'.repeat(4 * 1024 * 1024) }));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/readings',
        headers: { ...t.bearer(token.member), 'content-type': 'application/json' },
        payload: huge,
      });
      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: expect.stringMatching(/too large/i) });
      expect(await stored()).toEqual(before);
    });

    it('accepts the largest series allowed within the body limit', async () => {
      // 200,000 intervals with decimals, as JSON, fit in the route's body limit.
      const rr = Array.from({ length: 200_000 }, (_, i) => 400.125 + (i % 7));
      expect(JSON.stringify(body({ rr })).length).toBeGreaterThan(1024 * 1024);
      const response = await post(token.member, body({ rr, takenAt: '2025-05-30T00:00:00Z' }));
      expect(response.statusCode).toBe(201);
      expect(response.json<Reading>().metrics.beats).toBe(200_000);
    }, 120_000);
  });

  describe('idempotent retries', () => {
    let before: Awaited<ReturnType<typeof stored>>;
    beforeEach(async () => {
      before = await stored();
    });

    it('answers the same clientId again with 200 and the first result, storing nothing', async () => {
      const payload = body({ takenAt: '2025-05-20T06:00:00Z', tags: [platformTagId] });
      const first = await post(token.member, payload);
      expect(first.statusCode).toBe(201);
      const again = await post(token.member, payload);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.body).toBe(first.body);

      const after = await stored();
      expect(after.readings).toBe(before.readings + 1);
      expect(after.readingTags).toBe(before.readingTags + 1);
      expect(after.rollupReadings).toBe(before.rollupReadings + 1);
      expect(await rollupOf(memberId, '2025-05-20')).toMatchObject({
        readingsCount: 1,
        rmssdCount: 1,
      });
    });

    it('stores one reading when two posts with the same clientId race', async () => {
      const payload = body({ takenAt: '2025-05-21T06:00:00Z' });
      const responses = await Promise.all([
        post(token.member, payload),
        post(token.member, payload),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
      const [a, b] = responses.map((response) => response.json<Reading>());
      expect(a).toEqual(b);
      const rows = await t.db
        .select({ id: readings.id })
        .from(readings)
        .where(eq(readings.clientId, payload.clientId));
      expect(rows).toEqual([{ id: a!.id }]);
      expect(await rollupOf(memberId, '2025-05-21')).toMatchObject({ readingsCount: 1 });
      expect((await stored()).readings).toBe(before.readings + 1);
    });

    it('keeps clientIds per account: another member may use the same one', async () => {
      const payload = body({ takenAt: '2025-05-22T06:00:00Z' });
      expect((await post(token.member, payload)).statusCode).toBe(201);
      expect((await post(token.groupAdmin, payload)).statusCode).toBe(201);
      expect((await stored()).readings).toBe(before.readings + 2);
    });
  });
});

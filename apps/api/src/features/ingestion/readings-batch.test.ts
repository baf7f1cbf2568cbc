import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CURRENT_ORG_MESSAGE } from '@resonant/contracts/errors';
import {
  BATCH_MAX_ITEMS,
  type Reading,
  type ReadingsBatchResponse,
} from '@resonant/contracts/readings';
import type { TagsResponse } from '@resonant/contracts/tags';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { memberActivityRows } from '../../../test/ingestion-fixtures.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import { memberDailyRollups, memberRollupTotals } from '../../db/schema/rollups.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const BATCH = '/api/v1/readings/batch';
const SINGLE = '/api/v1/readings';

type Entry = Record<string, unknown>;

describe('POST /api/v1/readings/batch', () => {
  let t: TestApp;
  const people = {} as Record<
    'member' | 'retry' | 'big' | 'same' | 'twin' | 'twinSame',
    { id: string; token: string }
  >;
  const org = { id: '', twinId: '' };
  let appAdminToken: string;
  let noOrgToken: string;
  let sleepTagId: string;
  let ownTagId: string;
  let otherOrgTagId: string;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    // Two organisations alike (the same time zone): one gets batches, the other the same
    // recordings one by one, and their rollups must agree.
    const spec = {
      timeZone: 'Pacific/Auckland',
      people: {
        member: { groups: ['Default'] },
        retry: { groups: ['Default'] },
        big: { groups: ['Default'] },
        same: { groups: ['Default'] },
      },
      signIn: ['member', 'retry', 'big', 'same'],
    } as const;
    const main = await buildOrg(t, { name: 'Batch Org', ...spec });
    const twin = await buildOrg(t, { name: 'Twin Org', ...spec });
    org.id = main.id;
    org.twinId = twin.id;
    for (const key of ['member', 'retry', 'big', 'same'] as const) {
      people[key] = { id: main.ids[key], token: main.tokens[key] };
    }
    people.twin = { id: twin.ids.member, token: twin.tokens.member };
    people.twinSame = { id: twin.ids.same, token: twin.tokens.same };
    appAdminToken = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    noOrgToken = (await signedInAccount(t)).token;

    const tagOf = async (orgId: string, name: string) =>
      (await t.db.insert(tags).values({ orgId, name }).returning({ id: tags.id }))[0]!.id;
    ownTagId = await tagOf(main.id, 'Cold plunge');
    otherOrgTagId = await tagOf(twin.id, 'Sauna');
    const list = await t.call('GET', '/api/tags', people.member.token);
    sleepTagId = list.json<TagsResponse>().list.find((tag) => tag.tag_name === 'Sleep')!.id;
  });
  afterAll(() => t.close());

  const reading = (overrides: Entry = {}): Entry => ({
    clientId: randomUUID(),
    takenAt: '2025-05-10T06:30:00Z',
    kind: 'morning',
    rr: syntheticRr(300),
    ...overrides,
  });
  const postBatch = (token: string | undefined, payload: object) =>
    t.call('POST', BATCH, token, payload);
  const batchOf = async (token: string, entries: unknown[]) => {
    const response = await postBatch(token, { readings: entries });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReadingsBatchResponse>();
  };

  /** Every row ingestion writes, for a member of an organisation. */
  const rowsOf = async (orgId: string, accountId: string) => {
    const ofMember = <T extends { orgId: unknown; accountId: unknown }>(table: T) =>
      and(eq(table.orgId as never, orgId), eq(table.accountId as never, accountId));
    return {
      readings: await t.db
        .select()
        .from(readings)
        .where(ofMember(readings))
        .orderBy(asc(readings.takenAt), asc(readings.clientId)),
      tags: await t.db
        .select({ clientId: readings.clientId, tagId: readingTags.tagId })
        .from(readingTags)
        .innerJoin(readings, eq(readings.id, readingTags.readingId))
        .where(ofMember(readings))
        .orderBy(asc(readings.clientId), asc(readingTags.tagId)),
      rollups: await t.db
        .select()
        .from(memberDailyRollups)
        .where(ofMember(memberDailyRollups))
        .orderBy(asc(memberDailyRollups.day)),
      totals: await t.db.select().from(memberRollupTotals).where(ofMember(memberRollupTotals)),
      ...(await memberActivityRows(t.db, orgId, accountId)),
    };
  };
  const storedCount = async () => (await t.db.select({ n: count() }).from(readings))[0]!.n;

  describe('who may post', () => {
    it('answers 401 when signed out', async () => {
      const response = await postBatch(undefined, { readings: [reading()] });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to the app admin, who records no readings, storing nothing', async () => {
      const before = await storedCount();
      const response = await postBatch(appAdminToken, { readings: [reading()] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await storedCount()).toBe(before);
    });

    it('answers 403 with a clear message to an account without an organisation', async () => {
      const response = await postBatch(noOrgToken, { readings: [reading()] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_ORG_MESSAGE });
    });

    it("fails an entry tagged with another organisation's tag like a tag of nobody, alone", async () => {
      const nobody = '00000000-0000-4000-8000-000000000000';
      const good = reading({ takenAt: '2025-04-01T06:00:00Z' });
      const foreign = reading({ takenAt: '2025-04-02T06:00:00Z', tags: [otherOrgTagId] });
      const unknown = reading({ takenAt: '2025-04-03T06:00:00Z', tags: [nobody] });
      const response = await postBatch(people.member.token, { readings: [good, foreign, unknown] });
      expect(response.statusCode).toBe(200);
      const body = response.json<ReadingsBatchResponse>();
      expect(body.results.slice(1)).toEqual([
        {
          index: 1,
          clientId: foreign.clientId,
          status: 'failed',
          message: `Unknown tag: ${otherOrgTagId}`,
        },
        {
          index: 2,
          clientId: unknown.clientId,
          status: 'failed',
          message: `Unknown tag: ${nobody}`,
        },
      ]);
      expect(body).toMatchObject({ created: 1, duplicate: 0, failed: 2 });
      // Nothing of the other organisation in the answer but the id sent.
      expect(response.body).not.toContain('Sauna');
      expect(response.body).not.toContain(org.twinId);
      const stored = await rowsOf(org.id, people.member.id);
      expect(stored.readings.map((row) => row.clientId)).toContain(good.clientId);
      expect(stored.readings.map((row) => row.clientId)).not.toContain(foreign.clientId);
      expect(stored.activeDays.map((row) => row.day)).not.toContain('2025-04-02');
    });
  });

  describe('the list', () => {
    it.each([
      ['no list', {}, 'readings: Must be a list of readings'],
      [
        'a list that is not one',
        { readings: 'all of them' },
        'readings: Must be a list of readings',
      ],
      ['an empty list', { readings: [] }, `readings: Send 1 to ${BATCH_MAX_ITEMS} readings`],
    ])('answers 400 to %s', async (_name, payload, message) => {
      const response = await postBatch(people.member.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it(`stores ${BATCH_MAX_ITEMS} readings in one request and refuses ${BATCH_MAX_ITEMS + 1}`, async () => {
      const day = (i: number) => new Date(Date.UTC(2023, 0, 1) + i * 3_600_000 * 7).toISOString();
      const series = syntheticRr(300, { seed: 7 });
      const entries = Array.from({ length: BATCH_MAX_ITEMS + 1 }, (_, i) =>
        reading({ takenAt: day(i), kind: i % 3 ? 'anytime' : 'morning', rr: series }),
      );
      const before = await storedCount();
      const refused = await postBatch(people.big.token, { readings: entries });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: `readings: At most ${BATCH_MAX_ITEMS} readings per request`,
      });
      expect(await storedCount()).toBe(before);

      const body = await batchOf(people.big.token, entries.slice(0, BATCH_MAX_ITEMS));
      expect(body).toMatchObject({ created: BATCH_MAX_ITEMS, duplicate: 0, failed: 0 });
      expect(body.results.map((result) => result.index)).toEqual(
        Array.from({ length: BATCH_MAX_ITEMS }, (_, i) => i),
      );
      const stored = await rowsOf(org.id, people.big.id);
      expect(stored.readings).toHaveLength(BATCH_MAX_ITEMS);
      expect(stored.rollups.reduce((sum, row) => sum + row.readingsCount, 0)).toBe(BATCH_MAX_ITEMS);
      expect(stored.totals[0]!.readingsCount).toBe(BATCH_MAX_ITEMS);
    }, 120_000);

    it('refuses the whole request for text PostgreSQL cannot store, naming the entry', async () => {
      const before = await storedCount();
      const response = await postBatch(people.member.token, {
        readings: [reading(), reading({ note: 'a\u0000b' })],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'readings.1.note: Must not contain the NUL character (U+0000)',
      });
      expect(await storedCount()).toBe(before);
    });

    it('answers a body over the limit with 413 as a JSON message, storing nothing', async () => {
      const before = await storedCount();
      const huge = JSON.stringify({ readings: [reading({ note: 'x'.repeat(17 * 1024 * 1024) })] });
      const response = await t.app.inject({
        method: 'POST',
        url: BATCH,
        headers: { ...t.bearer(people.member.token), 'content-type': 'application/json' },
        payload: huge,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: expect.stringMatching(/too large/i) });
      expect(await storedCount()).toBe(before);
    });

    it('documents each entry as the body of POST /api/v1/readings', () => {
      type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
      const document = t.app.swagger() as {
        paths: Record<
          string,
          { post: { requestBody: { content: Record<string, { schema: Schema }> } } }
        >;
      };
      const body = (path: string) =>
        document.paths[path]!.post.requestBody.content['application/json']!.schema;
      const items = body(BATCH).properties!.readings!.items!;
      expect(items.anyOf).toEqual([body(SINGLE)]);
    });
  });

  describe('each entry on its own', () => {
    // The single route's refusals of issue 3, item by item: the same message, nothing stored.
    const refused: [string, Entry][] = [
      ['an empty series', { rr: [] }],
      ['a non-numeric entry', { rr: [1000, 1000, 'abc', 1000] }],
      ['a value above 3000 ms', { rr: [1000, 1000, 5000, 1000] }],
      ['a series over 24 hours', { rr: Array.from({ length: 30_000 }, () => 2900) }],
      [
        'a time ahead of the clock',
        { takenAt: new Date(NOW.getTime() + 6 * 60_000).toISOString() },
      ],
      ['a time without a zone', { takenAt: '2025-06-01T06:30:00' }],
      ['a time in the year 0', { takenAt: '0001-01-01T00:30:00+01:00' }],
      ['an unknown kind', { kind: 'evening' }],
      ['a blank clientId', { clientId: '   ' }],
      ['no clientId', { clientId: undefined }],
      ['a tag that is not an id', { tags: ['Sleep'] }],
      ['too many tags', { tags: Array.from({ length: 21 }, () => randomUUID()) }],
    ];

    it('answers each bad entry as its single post, stores the good ones, and nothing of the bad', async () => {
      const twinMessages: string[] = [];
      for (const [, overrides] of refused) {
        const single = await t.call('POST', SINGLE, people.twin.token, reading(overrides));
        expect(single.statusCode).toBe(400);
        twinMessages.push(single.json<{ message: string }>().message);
      }
      // Each bad entry on a day of its own in March, the good ones in February.
      const bad = refused.map(([, overrides], i) =>
        reading({ takenAt: `2025-03-${String(i + 1).padStart(2, '0')}T06:00:00Z`, ...overrides }),
      );
      const good = [
        reading({ takenAt: '2025-02-01T06:00:00Z', tags: [sleepTagId, ownTagId] }),
        reading({ takenAt: '2025-02-02T18:00:00Z', kind: 'anytime' }),
      ];
      const entries = [good[0], ...bad, 'not a reading', null, good[1]];
      const before = await rowsOf(org.id, people.member.id);
      const body = await batchOf(people.member.token, entries);

      expect(body).toMatchObject({ created: 2, duplicate: 0, failed: bad.length + 2 });
      expect(body.results[0]).toMatchObject({ index: 0, status: 'created' });
      expect(body.results.at(-1)).toMatchObject({ index: entries.length - 1, status: 'created' });
      expect(body.results.slice(1, -1)).toEqual([
        ...bad.map((entry, i) => ({
          index: i + 1,
          clientId: typeof entry.clientId === 'string' ? entry.clientId.trim() : null,
          status: 'failed',
          message: twinMessages[i],
        })),
        { index: bad.length + 1, clientId: null, status: 'failed', message: expect.any(String) },
        { index: bad.length + 2, clientId: null, status: 'failed', message: expect.any(String) },
      ]);

      const after = await rowsOf(org.id, people.member.id);
      const badIds = bad.map((entry) => entry.clientId);
      expect(after.readings.filter((row) => badIds.includes(row.clientId))).toEqual([]);
      expect(after.readings).toHaveLength(before.readings.length + 2);
      expect(after.tags).toHaveLength(before.tags.length + 2);
      const march = (rows: { day: string }[]) =>
        rows.filter((row) => row.day.startsWith('2025-03'));
      expect(march(after.rollups)).toEqual([]);
      expect(march(after.activeDays)).toEqual([]);
      expect(march(after.orgDays)).toEqual([]);
      expect(after.rollups.map((row) => row.day)).toEqual(
        expect.arrayContaining(['2025-02-01', '2025-02-03']),
      );
      // No bad entry moved the member's last activity (one was later than any).
      expect(after.lastActivity).toEqual(before.lastActivity);
    });

    it('stores a repeated clientId once: later entries are duplicates of the first that passed', async () => {
      const clientId = randomUUID();
      const first = reading({ clientId, takenAt: '2025-01-05T06:00:00Z' });
      const again = reading({ clientId, takenAt: '2025-01-06T06:00:00Z', kind: 'anytime' });
      const refusedFirst = reading({ clientId: randomUUID(), rr: [] });
      const passedSecond = reading({
        clientId: refusedFirst.clientId,
        takenAt: '2025-01-07T06:00:00Z',
      });
      const body = await batchOf(people.member.token, [first, refusedFirst, again, passedSecond]);
      expect(body.results.map((result) => result.status)).toEqual([
        'created',
        'failed',
        'duplicate',
        'created',
      ]);
      expect(body.results[2]!.reading).toEqual(body.results[0]!.reading);
      expect(body.results[2]!.reading!.takenAt).toBe('2025-01-05T06:00:00.000Z');
      expect(body.results[3]!.reading!.takenAt).toBe('2025-01-07T06:00:00.000Z');
      const stored = await rowsOf(org.id, people.member.id);
      expect(stored.readings.filter((row) => row.clientId === clientId)).toHaveLength(1);
      expect(stored.activeDays.map((row) => row.day)).not.toContain('2025-01-06');
      expect(stored.rollups.find((row) => row.day === '2025-01-05')?.readingsCount).toBe(1);
    });
  });

  describe('idempotent retries', () => {
    it('answers the same batch again with every entry a duplicate of its first result', async () => {
      const entries = [
        reading({ takenAt: '2024-12-01T06:00:00Z', tags: [sleepTagId] }),
        reading({ takenAt: '2024-12-02T06:00:00Z' }),
        reading({ takenAt: '2024-12-02T09:00:00Z', kind: 'anytime' }),
      ];
      const first = await batchOf(people.retry.token, entries);
      expect(first).toMatchObject({ created: 3, duplicate: 0, failed: 0 });
      const stored = await rowsOf(org.id, people.retry.id);

      const again = await batchOf(people.retry.token, entries);
      expect(again).toEqual({
        ...first,
        results: first.results.map((result) => ({ ...result, status: 'duplicate' })),
        created: 0,
        duplicate: 3,
      });
      expect(await rowsOf(org.id, people.retry.id)).toEqual(stored);

      // Half of them again with as many new ones: the new are stored, the old answered as before.
      const fresh = [
        reading({ takenAt: '2024-12-03T06:00:00Z' }),
        reading({ takenAt: '2024-12-02T20:00:00Z', kind: 'anytime' }),
      ];
      const mixed = await batchOf(people.retry.token, [fresh[0], entries[1], fresh[1], entries[2]]);
      expect(mixed.results.map((result) => result.status)).toEqual([
        'created',
        'duplicate',
        'created',
        'duplicate',
      ]);
      expect(mixed.results[1]!.reading).toEqual(first.results[1]!.reading);
      expect(mixed.results[3]!.reading).toEqual(first.results[2]!.reading);
      const after = await rowsOf(org.id, people.retry.id);
      expect(after.readings).toHaveLength(5);
      // 20:00 UTC on 2 December is 09:00 on the 3rd in Auckland (NZDT, UTC+13).
      expect(after.rollups.find((row) => row.day === '2024-12-03')).toMatchObject({
        readingsCount: 2,
        morningCount: 1,
        anytimeCount: 1,
      });
    });

    it('answers two racing copies of a batch alike, storing it once', async () => {
      const entries = [
        reading({ takenAt: '2024-11-01T06:00:00Z' }),
        reading({ takenAt: '2024-11-02T06:00:00Z' }),
      ];
      const [a, b] = await Promise.all([
        postBatch(people.retry.token, { readings: entries }),
        postBatch(people.retry.token, { readings: entries }),
      ]);
      const bodies = [a!, b!].map((response) => response.json<ReadingsBatchResponse>());
      expect(bodies.map((body) => body.created).sort()).toEqual([0, 2]);
      expect(bodies[0]!.results.map((r) => r.reading)).toEqual(
        bodies[1]!.results.map((r) => r.reading),
      );
      const stored = await rowsOf(org.id, people.retry.id);
      expect(stored.rollups.find((row) => row.day === '2024-11-01')?.readingsCount).toBe(1);
    });
  });

  it('stores nothing of a batch when the database fails part-way through it', async () => {
    // A failure from the database itself (a trigger refusing the organisation day of the last
    // entry, written after the readings, their tags and the rollups).
    await t.db.execute(sql`
      create function refuse_day() returns trigger language plpgsql as $$
      begin
        if new.day = '2024-10-03' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_day before insert on org_daily_activity
      for each row execute function refuse_day()`);
    try {
      const before = await rowsOf(org.id, people.retry.id);
      const response = await postBatch(people.retry.token, {
        readings: [
          reading({ takenAt: '2024-10-01T06:00:00Z', tags: [sleepTagId] }),
          reading({ takenAt: '2024-10-03T06:00:00Z' }),
        ],
      });
      expect(response.statusCode).toBe(500);
      expect(await rowsOf(org.id, people.retry.id)).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_day on org_daily_activity`);
      await t.db.execute(sql`drop function refuse_day()`);
    }
  });

  it('adds up exactly as the same readings posted one by one', async () => {
    // Mixed kinds over a few days (Auckland time: 13:00 UTC is the next day), a low-quality
    // reading, tags, a repeated clientId and a refused entry.
    const repeated = randomUUID();
    const entries = [
      reading({
        takenAt: '2024-09-01T06:00:00Z',
        tags: [sleepTagId],
        rr: syntheticRr(300, { seed: 2 }),
      }),
      reading({
        takenAt: '2024-09-01T13:00:00Z',
        kind: 'anytime',
        rr: syntheticRr(240, { seed: 3 }),
      }),
      reading({
        clientId: repeated,
        takenAt: '2024-09-02T06:00:00Z',
        rr: syntheticRr(300, { seed: 4 }),
      }),
      reading({
        takenAt: '2024-09-02T07:00:00Z',
        kind: 'anytime',
        rr: syntheticRr(40, { seed: 5 }),
      }),
      reading({ takenAt: '2024-09-02T08:00:00Z', rr: [] }),
      reading({ clientId: repeated, takenAt: '2024-09-03T06:00:00Z' }),
      reading({
        takenAt: '2024-09-02T08:30:00Z',
        kind: 'anytime',
        rr: syntheticRr(300, { seed: 6, meanMs: 850 }),
      }),
      reading({
        takenAt: '2024-09-04T06:00:00Z',
        tags: [sleepTagId],
        rr: syntheticRr(300, { seed: 7, meanMs: 1100 }),
      }),
    ];
    // Each person's own clientIds, the same apart from that.
    const twinEntries = entries.map((entry) => ({
      ...entry,
      clientId: `twin-${entry.clientId as string}`,
    }));
    const batch = await batchOf(people.same.token, entries);
    const singles: LightMyRequestResponse[] = [];
    for (const entry of twinEntries) {
      singles.push(await t.call('POST', SINGLE, people.twinSame.token, entry));
    }

    expect(singles.map((response) => response.statusCode)).toEqual(
      batch.results.map((result) => ({ created: 201, duplicate: 200, failed: 400 })[result.status]),
    );
    const comparable = (stored: Reading | undefined) =>
      stored && { ...stored, id: undefined, clientId: undefined, createdAt: undefined };
    expect(batch.results.map((result) => comparable(result.reading))).toEqual(
      singles.map((response) =>
        response.statusCode < 300 ? comparable(response.json<Reading>()) : undefined,
      ),
    );

    const mine = await rowsOf(org.id, people.same.id);
    const twins = await rowsOf(org.twinId, people.twinSame.id);
    const withoutIds = <T extends object>(rows: T[]) =>
      rows.map((row) => ({
        ...row,
        id: undefined,
        orgId: undefined,
        accountId: undefined,
        clientId: undefined,
        createdAt: undefined,
      }));
    expect(withoutIds(mine.readings)).toEqual(withoutIds(twins.readings));
    expect(mine.tags).toHaveLength(2);
    expect(twins.tags).toHaveLength(2);
    expect(withoutIds(mine.rollups)).toEqual(withoutIds(twins.rollups));
    expect(mine.activeDays).toEqual(twins.activeDays);
    expect(mine.lastActivity).toEqual(twins.lastActivity);
    // Nobody else of either organisation recorded in September 2024.
    const september = (rows: { day: string }[]) =>
      rows.filter((row) => row.day.startsWith('2024-09'));
    expect(withoutIds(september(mine.orgDays))).toEqual(withoutIds(september(twins.orgDays)));
    // The all-time totals, kept by the database's triggers, add the days' sums in another order.
    const [total, twinTotal] = [mine.totals[0]!, twins.totals[0]!];
    expect({ ...total, rmssdSum: 0, orgId: 0, accountId: 0 }).toEqual({
      ...twinTotal,
      rmssdSum: 0,
      orgId: 0,
      accountId: 0,
    });
    expect(total.rmssdSum).toBeCloseTo(twinTotal.rmssdSum, 9);
  });
});

import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MAX_ITEMS } from '@resonant/contracts/readings';
import type { HrvSession, SessionsBatchResponse } from '@resonant/contracts/sessions';
import type { TagsResponse } from '@resonant/contracts/tags';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createOrg } from '../../../test/factories.ts';
import { memberActivityRows } from '../../../test/ingestion-fixtures.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { tags } from '../../db/schema/readings.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const BATCH = '/api/v1/sessions/batch';
const SINGLE = '/api/v1/sessions';

type Entry = Record<string, unknown>;

/** Paced breathing at 6/min on ~950 ms beats. */
const pacedRr = (seconds: number, seed = 1) =>
  syntheticRr(seconds, { meanMs: 950, swingMs: 5, breathsPerMinute: 6, seed });

describe('POST /api/v1/sessions/batch', () => {
  let t: TestApp;
  const people = {} as Record<'member' | 'big' | 'twin', { id: string; token: string }>;
  const org = { id: '', twinId: '' };
  let appAdminToken: string;
  let meditationTagId: string;
  let otherOrgTagId: string;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const spec = {
      timeZone: 'Europe/Berlin',
      people: { member: { groups: ['Default'] }, big: { groups: ['Default'] } },
      signIn: ['member', 'big'],
    } as const;
    const main = await buildOrg(t, { name: 'Breathing Org', ...spec });
    const twin = await buildOrg(t, { name: 'Twin Breathing Org', ...spec });
    org.id = main.id;
    org.twinId = twin.id;
    people.member = { id: main.ids.member, token: main.tokens.member };
    people.big = { id: main.ids.big, token: main.tokens.big };
    people.twin = { id: twin.ids.member, token: twin.tokens.member };
    appAdminToken = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    // Another organisation's tag, foreign to both.
    const [foreign] = await t.db
      .insert(tags)
      .values({ orgId: (await createOrg(t.db)).id, name: 'Cold water' })
      .returning({ id: tags.id });
    otherOrgTagId = foreign!.id;
    const list = await t.call('GET', '/api/tags', people.member.token);
    meditationTagId = list
      .json<TagsResponse>()
      .list.find((tag) => tag.tag_name === 'Meditation')!.id;
  });
  afterAll(() => t.close());

  const session = (overrides: Entry = {}): Entry => ({
    clientId: randomUUID(),
    type: 'biofeedback',
    startedAt: '2025-05-10T08:00:00Z',
    sessionName: 'Resonance',
    breathsPerMinute: 6,
    rr: pacedRr(180),
    ozValues: [
      { oz: 90, ts: 0 },
      { oz: 70, ts: 5000 },
    ],
    ...overrides,
  });
  const postBatch = (token: string | undefined, payload: object) =>
    t.call('POST', BATCH, token, payload);
  const batchOf = async (token: string, entries: unknown[]) => {
    const response = await postBatch(token, { sessions: entries });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionsBatchResponse>();
  };

  /** Every row session ingestion writes for a member, and what it must leave alone. */
  const rowsOf = async (orgId: string, accountId: string) => {
    const sessions = await t.db
      .select()
      .from(hrvSessions)
      .where(and(eq(hrvSessions.orgId, orgId), eq(hrvSessions.accountId, accountId)))
      .orderBy(asc(hrvSessions.startedAt), asc(hrvSessions.clientId));
    const ids = sessions.map((row) => row.id);
    const ofSessions = <T extends { sessionId: never }>(table: T) =>
      inArray(table.sessionId, ids.length ? ids : ['00000000-0000-4000-8000-000000000000']);
    return {
      sessions,
      minutes: await t.db
        .select()
        .from(hrvSessionMinutes)
        .where(ofSessions(hrvSessionMinutes as never))
        .orderBy(asc(hrvSessionMinutes.sessionId), asc(hrvSessionMinutes.countTime)),
      tags: await t.db
        .select()
        .from(hrvSessionTags)
        .where(ofSessions(hrvSessionTags as never)),
      ...(await memberActivityRows(t.db, orgId, accountId)),
      readingRollups: (await t.db.select({ n: count() }).from(memberDailyRollups))[0]!.n,
    };
  };

  it('answers 401 when signed out and 403 to the app admin, storing nothing', async () => {
    expect((await postBatch(undefined, { sessions: [session()] })).statusCode).toBe(401);
    const before = (await t.db.select({ n: count() }).from(hrvSessions))[0]!.n;
    const refused = await postBatch(appAdminToken, { sessions: [session()] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect((await t.db.select({ n: count() }).from(hrvSessions))[0]!.n).toBe(before);
  });

  it('answers 400 to a list that is not one, empty or too long', async () => {
    for (const [payload, message] of [
      [{ sessions: {} }, 'sessions: Must be a list of sessions'],
      [{ sessions: [] }, `sessions: Send 1 to ${BATCH_MAX_ITEMS} sessions`],
      [
        { sessions: Array.from({ length: BATCH_MAX_ITEMS + 1 }, () => ({})) },
        `sessions: At most ${BATCH_MAX_ITEMS} sessions per request`,
      ],
    ] as const) {
      const response = await postBatch(people.member.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it(`stores ${BATCH_MAX_ITEMS} sessions in one request`, async () => {
    const series = pacedRr(75, 3);
    const entries = Array.from({ length: BATCH_MAX_ITEMS }, (_, i) =>
      session({
        type: ['biofeedback', 'mindfulness', 'self_compassion'][i % 3],
        startedAt: new Date(Date.UTC(2024, 0, 1) + i * 5 * 3_600_000).toISOString(),
        rr: series,
        ozValues: i % 3 === 1 ? [80, 90] : [],
      }),
    );
    const body = await batchOf(people.big.token, entries);
    expect(body).toMatchObject({ created: BATCH_MAX_ITEMS, duplicate: 0, failed: 0 });
    const stored = await rowsOf(org.id, people.big.id);
    expect(stored.sessions).toHaveLength(BATCH_MAX_ITEMS);
    expect(stored.minutes).toHaveLength(BATCH_MAX_ITEMS);
    const counts = stored.orgDays.reduce(
      (sum, day) => sum + day.biofeedbackCount + day.mindfulnessCount + day.selfCompassionCount,
      0,
    );
    expect(counts).toBe(BATCH_MAX_ITEMS);
    expect(stored.orgDays.reduce((sum, day) => sum + day.readingsCount, 0)).toBe(0);
  }, 120_000);

  it('stores the good entries, fails each bad one alone as its single post, nothing half-written', async () => {
    const bad: Entry[] = [
      session({ startedAt: '2025-03-01T08:00:00Z', rr: [900, 3500] }),
      session({ startedAt: '2025-03-02T08:00:00Z', type: 'yoga' }),
      session({ startedAt: '2025-03-03T08:00:00Z', sessionName: '' }),
      session({ startedAt: '2025-03-04T08:00:00Z', ozValues: [{ oz: 1, ts: 0 }, 5] }),
      session({ startedAt: '2025-03-05T08:00:00Z', tags: [otherOrgTagId] }),
      session({ startedAt: '2025-06-01T12:10:00Z' }),
    ];
    const messages: string[] = [];
    for (const entry of bad) {
      const single = await t.call('POST', SINGLE, people.twin.token, entry);
      expect(single.statusCode).toBe(400);
      messages.push(single.json<{ message: string }>().message);
    }
    expect(messages).toContain(`Unknown tag: ${otherOrgTagId}`);
    const good = [
      session({ startedAt: '2025-02-01T08:00:00Z', tags: [meditationTagId] }),
      session({ startedAt: '2025-02-02T19:00:00Z', type: 'mindfulness', ozValues: [70, 90] }),
    ];
    const before = await rowsOf(org.id, people.member.id);
    const body = await batchOf(people.member.token, [good[0], ...bad, good[1]]);

    expect(body).toMatchObject({ created: 2, duplicate: 0, failed: bad.length });
    expect(body.results.slice(1, -1)).toEqual(
      bad.map((entry, i) => ({
        index: i + 1,
        clientId: entry.clientId,
        status: 'failed',
        message: messages[i],
      })),
    );
    expect(body.results[0]!.session!.results).toHaveLength(3);
    expect(body.results[0]!.session!.tags).toEqual([
      { id: meditationTagId, tag_name: 'Meditation' },
    ]);
    // Nothing of the other organisation in the answer but the id sent.
    expect(JSON.stringify(body)).not.toContain('Cold water');
    expect(JSON.stringify(body)).not.toContain(org.twinId);

    const after = await rowsOf(org.id, people.member.id);
    expect(after.sessions).toHaveLength(before.sessions.length + 2);
    const badIds = bad.map((entry) => entry.clientId);
    expect(after.sessions.filter((row) => badIds.includes(row.clientId))).toEqual([]);
    expect(after.minutes).toHaveLength(before.minutes.length + 3 + 3);
    expect(after.tags).toHaveLength(before.tags.length + 1);
    const march = (rows: { day: string }[]) => rows.filter((row) => row.day.startsWith('2025-03'));
    expect(march(after.activeDays)).toEqual([]);
    expect(march(after.orgDays)).toEqual([]);
    // The refused start ahead of the clock was the latest: the last activity is a good one's.
    expect(after.lastActivity).toEqual([
      { at: new Date('2025-02-02T19:00:00Z'), type: 'mindfulness' },
    ]);
    expect(after.readingRollups).toBe(before.readingRollups);
  });

  it('answers a retried batch and repeated clientIds with the first results, storing nothing again', async () => {
    const repeated = randomUUID();
    const entries = [
      session({ clientId: repeated, startedAt: '2025-01-10T08:00:00Z', tags: [meditationTagId] }),
      session({ startedAt: '2025-01-11T08:00:00Z', type: 'self_compassion', ozValues: [] }),
      session({ clientId: repeated, startedAt: '2025-01-12T08:00:00Z' }),
    ];
    const first = await batchOf(people.member.token, entries);
    expect(first.results.map((result) => result.status)).toEqual([
      'created',
      'created',
      'duplicate',
    ]);
    expect(first.results[2]!.session).toEqual(first.results[0]!.session);
    const stored = await rowsOf(org.id, people.member.id);
    expect(stored.activeDays.map((row) => row.day)).not.toContain('2025-01-12');

    const again = await batchOf(people.member.token, entries);
    expect(again).toEqual({
      ...first,
      results: first.results.map((result) => ({ ...result, status: 'duplicate' })),
      created: 0,
      duplicate: 3,
    });
    expect(await rowsOf(org.id, people.member.id)).toEqual(stored);

    const fresh = session({ startedAt: '2025-01-13T08:00:00Z' });
    const mixed = await batchOf(people.member.token, [entries[1], fresh]);
    expect(mixed.results.map((result) => result.status)).toEqual(['duplicate', 'created']);
    expect(mixed.results[0]!.session).toEqual(first.results[1]!.session);
  });

  it('records activity exactly as the same sessions posted one by one', async () => {
    const entries = [
      session({ startedAt: '2024-09-01T08:00:00Z', rr: pacedRr(300, 4) }),
      session({ startedAt: '2024-09-01T21:30:00Z', type: 'mindfulness', ozValues: [60, 85, 95] }),
      session({ startedAt: '2024-09-02T08:00:00Z', type: 'self_compassion', ozValues: [] }),
      session({ startedAt: '2024-09-02T09:00:00Z', rr: [] }),
      session({ startedAt: '2024-09-03T07:00:00Z', tags: [meditationTagId], rr: pacedRr(20, 5) }),
    ];
    const twinEntries = entries.map((entry) => ({
      ...entry,
      clientId: `twin-${entry.clientId as string}`,
    }));
    const batch = await batchOf(people.member.token, entries);
    const singles = [];
    for (const entry of twinEntries)
      singles.push(await t.call('POST', SINGLE, people.twin.token, entry));
    expect(singles.map((single) => single.statusCode)).toEqual([201, 201, 201, 400, 201]);
    const comparable = (stored: HrvSession | undefined) =>
      stored && { ...stored, id: undefined, clientId: undefined, createdAt: undefined };
    expect(batch.results.map((result) => comparable(result.session))).toEqual(
      singles.map((single) =>
        single.statusCode < 300 ? comparable(single.json<HrvSession>()) : undefined,
      ),
    );
    const september = <T extends { day: string }>(rows: T[]) =>
      rows.filter((row) => row.day.startsWith('2024-09'));
    const mine = await rowsOf(org.id, people.member.id);
    const twins = await rowsOf(org.twinId, people.twin.id);
    expect(september(mine.activeDays)).toEqual(september(twins.activeDays));
    const withoutOrg = (rows: { orgId: string }[]) =>
      rows.map((row) => ({ ...row, orgId: undefined }));
    expect(withoutOrg(september(mine.orgDays))).toEqual(withoutOrg(september(twins.orgDays)));
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAggregatedResponse } from '@resonant/contracts/analytics';
import {
  READING_NOT_FOUND_MESSAGE,
  type MyReading,
  type MyReadingsResponse,
} from '@resonant/contracts/my-readings';
import type { Reading } from '@resonant/contracts/readings';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { tags } from '../../db/schema/readings.ts';
import { memberActiveDays, memberDailyRollups, orgDailyActivity } from '../../db/schema/rollups.ts';

describe('the member’s own readings (/api/v1/readings)', () => {
  let t: TestApp;
  const token = { ada: '', bob: '', admin: '', appAdmin: '' };
  const ids = { org: '', ada: '', ownTag: '', otherOrgTag: '' };
  /** Ada's readings, oldest first. */
  const ada: Reading[] = [];
  let bobReading: Reading;

  const record = async (bearer: string, takenAt: string, extra: object = {}) => {
    const response = await t.call('POST', '/api/v1/readings', bearer, {
      clientId: randomUUID(),
      takenAt,
      kind: 'morning',
      rr: syntheticRr(300),
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json<Reading>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await buildOrg(t, {
      timeZone: 'Europe/Berlin',
      people: { admin: { orgAdmin: true }, ada: {}, bob: {} },
      signIn: ['admin', 'ada', 'bob'],
    });
    const other = await buildOrg(t, { people: { x: {} } });
    Object.assign(token, org.tokens);
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    ids.org = org.id;
    ids.ada = org.ids.ada;
    const [own] = await t.db
      .insert(tags)
      .values({ orgId: org.id, name: 'Cold plunge' })
      .returning();
    const [foreign] = await t.db
      .insert(tags)
      .values({ orgId: other.id, name: 'Other' })
      .returning();
    ids.ownTag = own!.id;
    ids.otherOrgTag = foreign!.id;
    ada.push(await record(token.ada, '2025-05-01T06:00:00Z', { tags: [own!.id], note: 'calm' }));
    ada.push(await record(token.ada, '2025-05-02T06:00:00Z', { kind: 'anytime' }));
    ada.push(
      await record(token.ada, '2025-05-03T06:00:00Z', { rr: syntheticRr(300, { swingMs: 90 }) }),
    );
    ada.push(await record(token.ada, '2025-05-03T18:00:00Z', { kind: 'anytime' }));
    bobReading = await record(token.bob, '2025-05-03T06:00:00Z');
  });
  afterAll(() => t.close());

  const get = (bearer: string | undefined, url: string) => t.call('GET', url, bearer);
  const listIds = async (query: string) => {
    const response = await get(token.ada, `/api/v1/readings${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<MyReadingsResponse>().list.map((row) => row.id);
  };
  const newestFirst = () => [...ada].reverse().map((reading) => reading.id);

  describe('GET /api/v1/readings', () => {
    it('answers 401 when signed out and 403 to the app admin', async () => {
      expect((await get(undefined, '/api/v1/readings')).statusCode).toBe(401);
      expect((await get(token.appAdmin, '/api/v1/readings')).statusCode).toBe(403);
    });

    it('lists only the caller’s readings, newest first, with their tags and organisation', async () => {
      const response = await get(token.ada, '/api/v1/readings');
      const body = response.json<MyReadingsResponse>();
      expect(body.list.map((row) => row.id)).toEqual(newestFirst());
      expect(body.list).not.toContainEqual(expect.objectContaining({ id: bobReading.id }));
      expect(body.list.at(-1)).toMatchObject({
        kind: 'morning',
        tags: [{ id: ids.ownTag, tag_name: 'Cold plunge' }],
        org: { id: ids.org },
      });
      expect(body.nextCursor).toBeNull();
      expect(body.tags).toEqual([{ id: ids.ownTag, tag_name: 'Cold plunge' }]);
    });

    it('pages through a cursor without repeating or skipping a reading', async () => {
      const first = (await get(token.ada, '/api/v1/readings?limit=3')).json<MyReadingsResponse>();
      expect(first.list).toHaveLength(3);
      expect(first.nextCursor).toEqual(expect.any(String));
      const cursor = encodeURIComponent(first.nextCursor!);
      const second = (
        await get(token.ada, `/api/v1/readings?limit=3&cursor=${cursor}`)
      ).json<MyReadingsResponse>();
      expect([...first.list, ...second.list].map((row) => row.id)).toEqual(newestFirst());
      expect(second.nextCursor).toBeNull();
    });

    it('filters by kind, tag and days (in the organisation’s time zone)', async () => {
      expect(await listIds('?kind=anytime')).toEqual([ada[3]!.id, ada[1]!.id]);
      expect(await listIds(`?tag=${ids.ownTag}`)).toEqual([ada[0]!.id]);
      expect(await listIds('?from=2025-05-02&to=2025-05-02')).toEqual([ada[1]!.id]);
      // 18:00 UTC is 20:00 in Berlin: still the 3rd; the 4th holds nothing.
      expect(await listIds('?from=2025-05-04')).toEqual([]);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['kind=evening', 'kind'],
      ['from=2025-13-01', 'from'],
      ['cursor=nonsense', 'cursor'],
      [`cursor=${'a'.repeat(201)}`, 'cursor'],
    ])('answers 400 for %s', async (query, field) => {
      const response = await get(token.ada, `/api/v1/readings?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    });
  });

  describe('GET /api/v1/readings/{readingId}', () => {
    const url = (id: string, query = '') => `/api/v1/readings/${id}${query}`;

    it('answers 401, 403 to the app admin, and 404 for another member’s reading', async () => {
      expect((await get(undefined, url(ada[0]!.id))).statusCode).toBe(401);
      expect((await get(token.appAdmin, url(ada[0]!.id))).statusCode).toBe(403);
      const foreign = await get(token.ada, url(bobReading.id));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: READING_NOT_FOUND_MESSAGE });
    });

    it('answers the reading with every metric and its offered tags, no RR unless asked', async () => {
      const response = await get(token.ada, url(ada[0]!.id));
      expect(response.statusCode).toBe(200);
      const body = response.json<MyReading>();
      expect(body).toMatchObject({ id: ada[0]!.id, note: 'calm', metrics: ada[0]!.metrics });
      expect(body.metrics.hf).toEqual(expect.any(Number));
      expect(body.offeredTags.map((tag) => tag.id)).toContain(ids.ownTag);
      expect(body.offeredTags.map((tag) => tag.id)).not.toContain(ids.otherOrgTag);
      expect(body).not.toHaveProperty('rr');
    });

    it('adds the raw RR series as recorded with include=rr', async () => {
      const body = (await get(token.ada, url(ada[0]!.id, '?include=rr'))).json<MyReading>();
      const sent = syntheticRr(300);
      expect(body.rr).toHaveLength(sent.length);
      body.rr!.forEach((value, index) => expect(value).toBeCloseTo(sent[index]!, 2));
    });
  });

  describe('PATCH /api/v1/readings/{readingId}', () => {
    const patch = (bearer: string | undefined, id: string, body: object) =>
      t.call('PATCH', `/api/v1/readings/${id}`, bearer, body);

    it('answers 401, 403 to the app admin, and 404 for another member’s reading', async () => {
      expect((await patch(undefined, ada[1]!.id, { note: 'x' })).statusCode).toBe(401);
      expect((await patch(token.appAdmin, ada[1]!.id, { note: 'x' })).statusCode).toBe(403);
      expect((await patch(token.ada, bobReading.id, { note: 'x' })).statusCode).toBe(404);
      expect((await get(token.bob, `/api/v1/readings/${bobReading.id}`)).json()).toMatchObject({
        note: null,
      });
    });

    it('replaces tags and note, audited as reading.update', async () => {
      const response = await patch(token.ada, ada[1]!.id, {
        tags: [ids.ownTag],
        note: '  after a run ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<MyReading>()).toMatchObject({
        note: 'after a run',
        tags: [{ id: ids.ownTag }],
      });
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reading.update'), eq(auditLog.targetId, ada[1]!.id)));
      expect(rows).toHaveLength(1);
      const cleared = await patch(token.ada, ada[1]!.id, { tags: [], note: null });
      expect(cleared.json<MyReading>()).toMatchObject({ note: null, tags: [] });
    });

    it('refuses a tag not offered to the reading’s organisation, and an empty body', async () => {
      const foreign = await patch(token.ada, ada[1]!.id, { tags: [ids.otherOrgTag] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({ message: `Unknown tag: ${ids.otherOrgTag}` });
      expect((await patch(token.ada, ada[1]!.id, {})).statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/readings.csv', () => {
    it('answers 401 and 403 to the app admin', async () => {
      expect((await get(undefined, '/api/v1/readings.csv')).statusCode).toBe(401);
      expect((await get(token.appAdmin, '/api/v1/readings.csv')).statusCode).toBe(403);
    });

    it('downloads the caller’s readings only, with formula-safe text', async () => {
      await t.call('PATCH', `/api/v1/readings/${ada[2]!.id}`, token.ada, { note: '=HYPERLINK(1)' });
      const response = await get(token.ada, '/api/v1/readings.csv?kind=morning');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('my-readings.csv');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toMatch(/^"id","takenAt","kind"/);
      expect(lines).toHaveLength(3);
      expect(response.body).toContain(`"'=HYPERLINK(1)"`);
      expect(response.body).not.toContain(bobReading.id);
    });
  });

  describe('DELETE /api/v1/readings/{readingId}', () => {
    const remove = (bearer: string | undefined, id: string) =>
      t.call('DELETE', `/api/v1/readings/${id}`, bearer);
    const allTime = async () => {
      const response = await get(
        token.admin,
        `/api/hrv_analytics/dashboard_aggregated?type=user&id=${ids.ada}`,
      );
      return response
        .json<DashboardAggregatedResponse>()
        .avg.find((card) => card.label === 'All-Time Average')!.rmssd;
    };
    const dayOf = async (day: string) => {
      const [activity] = await t.db
        .select()
        .from(orgDailyActivity)
        .where(and(eq(orgDailyActivity.orgId, ids.org), eq(orgDailyActivity.day, day)));
      const rollups = await t.db
        .select()
        .from(memberDailyRollups)
        .where(and(eq(memberDailyRollups.accountId, ids.ada), eq(memberDailyRollups.day, day)));
      const active = await t.db
        .select()
        .from(memberActiveDays)
        .where(and(eq(memberActiveDays.accountId, ids.ada), eq(memberActiveDays.day, day)));
      return { activity, rollup: rollups[0], active: active.length };
    };

    it('answers 401, 403 to the app admin, and 404 for another member’s reading', async () => {
      expect((await remove(undefined, ada[0]!.id)).statusCode).toBe(401);
      expect((await remove(token.appAdmin, ada[0]!.id)).statusCode).toBe(403);
      expect((await remove(token.ada, bobReading.id)).statusCode).toBe(404);
      expect((await get(token.bob, `/api/v1/readings/${bobReading.id}`)).statusCode).toBe(200);
    });

    it('deletes it and the dashboards and rollups follow at once, audited', async () => {
      const before = await allTime();
      const dayBefore = await dayOf('2025-05-03');
      expect(dayBefore.rollup).toMatchObject({ readingsCount: 2, morningCount: 1 });

      const response = await remove(token.ada, ada[2]!.id);
      expect(response.statusCode).toBe(204);
      expect((await get(token.ada, `/api/v1/readings/${ada[2]!.id}`)).statusCode).toBe(404);
      expect(await allTime()).not.toBeCloseTo(before!, 3);

      const dayAfter = await dayOf('2025-05-03');
      expect(dayAfter.rollup).toMatchObject({ readingsCount: 1, morningCount: 0, anytimeCount: 1 });
      expect(dayAfter.rollup!.rmssdCount).toBe(dayBefore.rollup!.rmssdCount - 1);
      expect(dayAfter.activity!.readingsCount).toBe(dayBefore.activity!.readingsCount - 1);
      // Ada still recorded that day (the anytime reading), so she stays active.
      expect(dayAfter.activity!.activeMembers).toBe(dayBefore.activity!.activeMembers);
      const audited = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reading.delete'), eq(auditLog.targetId, ada[2]!.id)));
      expect(audited).toHaveLength(1);
    });

    it('removes the day and the member from its activity when it was their last recording', async () => {
      const before = await dayOf('2025-05-02');
      expect(before.active).toBe(1);
      expect((await remove(token.ada, ada[1]!.id)).statusCode).toBe(204);
      const after = await dayOf('2025-05-02');
      expect(after.rollup).toBeUndefined();
      expect(after.active).toBe(0);
      expect(after.activity).toMatchObject({ readingsCount: 0, anytimeCount: 0, activeMembers: 0 });
      expect(await listIds('')).toEqual([ada[3]!.id, ada[0]!.id]);
    });
  });
});

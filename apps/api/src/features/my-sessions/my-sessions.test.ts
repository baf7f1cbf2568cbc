import { BAD_CURSOR_MESSAGE } from '@resonant/contracts/cursor-paging';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySession, MySessionsResponse } from '@resonant/contracts/my-sessions';
import type { HrvSession } from '@resonant/contracts/sessions';
import type { TagsResponse } from '@resonant/contracts/tags';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { memberActivityRows } from '../../../test/ingestion-fixtures.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { hrvSessionMinutes, hrvSessions } from '../../db/schema/hrv-sessions.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('/api/v1/sessions: the member’s own sessions', () => {
  let t: TestApp;
  let orgId: string;
  let memberId: string;
  let tagId: string;
  const token = { member: '', other: '', appAdmin: '' };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      people: { member: { groups: ['Default'] }, other: { groups: ['Default'] } },
      signIn: ['member', 'other'],
    });
    orgId = org.id;
    memberId = org.ids.member;
    token.member = org.tokens.member;
    token.other = org.tokens.other;
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    const tags = await t.call('GET', '/api/tags', token.member);
    tagId = tags.json<TagsResponse>().list.find((tag) => tag.tag_name === 'Meditation')!.id;
  });
  afterAll(() => t.close());

  async function record(bearer: string, overrides: Record<string, unknown> = {}) {
    const response = await t.call('POST', '/api/v1/sessions', bearer, {
      clientId: randomUUID(),
      type: 'biofeedback',
      startedAt: '2025-05-20T08:00:00Z',
      sessionName: 'Resonance',
      breathsPerMinute: 6,
      rr: syntheticRr(180, { meanMs: 950, swingMs: 5, breathsPerMinute: 6 }),
      ozValues: [
        { oz: 90, ts: 0 },
        { oz: 70, ts: 5 },
      ],
      ...overrides,
    });
    expect(response.statusCode).toBe(201);
    return response.json<HrvSession>();
  }
  const list = async (bearer: string, query = '') => {
    const response = await t.call('GET', `/api/v1/sessions${query}`, bearer);
    expect(response.statusCode).toBe(200);
    return response.json<MySessionsResponse>();
  };

  it('answers 401 to every route when signed out', async () => {
    expect((await t.call('GET', '/api/v1/sessions')).statusCode).toBe(401);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.call(method, `/api/v1/sessions/${NOBODY}`, undefined, {
        note: 'x',
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 403 to the app admin on every route', async () => {
    expect((await t.call('GET', '/api/v1/sessions', token.appAdmin)).statusCode).toBe(403);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.call(method, `/api/v1/sessions/${NOBODY}`, token.appAdmin, {
        note: 'x',
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 404 for another member’s session on every route, which stays as it was', async () => {
    const theirs = await record(token.other, { sessionName: 'Theirs' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.call(method, `/api/v1/sessions/${theirs.id}`, token.member, {
        note: 'mine now',
      });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 404,
        body: { message: 'Session not found' },
      });
    }
    const still = await t.call('GET', `/api/v1/sessions/${theirs.id}`, token.other);
    expect(still.json<MySession>()).toMatchObject({ sessionName: 'Theirs', note: null });
    expect((await list(token.member)).list.map((s) => s.sessionId)).not.toContain(theirs.id);
  });

  it('reads one session with its minutes, optimal zone and averages; the RR only on request', async () => {
    const stored = await record(token.member, { tags: [tagId] });
    const response = await t.call('GET', `/api/v1/sessions/${stored.id}`, token.member);
    expect(response.statusCode).toBe(200);
    const session = response.json<MySession>();
    expect(session).toMatchObject({
      sessionId: stored.id,
      type: 'biofeedback',
      sessionName: 'Resonance',
      breathsPerMinute: 6,
      has_oz_data: true,
      ozSesAvgPercentage: stored.ozSesAvgPercentage,
      optimalZone: {
        oz_values: [
          { oz: 90, ts: 0 },
          { oz: 70, ts: 5 },
        ],
        reportStartTime: null,
      },
      tags: [{ id: tagId, tag_name: 'Meditation' }],
    });
    expect(session.results.map((minute) => minute.countTime)).toEqual([1, 2, 3]);
    expect(session.results[0]!.timeDomain.rmssd).toBeCloseTo(stored.results[0]!.metrics.rmssd!);
    expect(session.averages.timeDomain.rmssd).toBeCloseTo(stored.averages.rmssd!);
    expect(session).not.toHaveProperty('rr');

    const withRr = await t.call('GET', `/api/v1/sessions/${stored.id}?include=rr`, token.member);
    expect(withRr.json<MySession>().rr).toHaveLength(
      syntheticRr(180, { meanMs: 950, swingMs: 5, breathsPerMinute: 6 }).length,
    );
    const bad = await t.call('GET', `/api/v1/sessions/${stored.id}?include=all`, token.member);
    expect(bad.statusCode).toBe(400);
  });

  it('lists newest first, a page at a time, filtered by kind, tag and time', async () => {
    const person = await buildOrg(t, {
      people: { solo: { groups: ['Default'] } },
      signIn: ['solo'],
    });
    const bearer = person.tokens.solo;
    const made: string[] = [];
    for (let day = 1; day <= 5; day += 1) {
      const session = await record(bearer, {
        startedAt: `2025-05-0${day}T08:00:00Z`,
        type: day % 2 === 0 ? 'mindfulness' : 'biofeedback',
        ozValues: day % 2 === 0 ? [80, 90] : [],
        tags: day === 3 ? [tagId] : [],
      });
      made.push(session.id);
    }
    const newestFirst = [...made].reverse();

    const first = await list(bearer, '?limit=2');
    expect(first.list.map((s) => s.sessionId)).toEqual(newestFirst.slice(0, 2));
    const second = await list(bearer, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.list.map((s) => s.sessionId)).toEqual(newestFirst.slice(2, 4));
    const last = await list(bearer, `?limit=2&cursor=${second.nextCursor}`);
    expect(last).toEqual({
      list: [expect.objectContaining({ sessionId: made[0] })],
      nextCursor: null,
    });

    const mindful = await list(bearer, '?kind=mindfulness');
    expect(mindful.list.map((s) => s.sessionId)).toEqual([made[3], made[1]]);
    expect(mindful.list[0]).toMatchObject({ has_oz_data: true, type: 'mindfulness' });
    expect((await list(bearer, `?tag=${tagId}`)).list.map((s) => s.sessionId)).toEqual([made[2]]);
    const range = await list(bearer, '?from=2025-05-02T00:00:00Z&to=2025-05-04T08:00:00Z');
    expect(range.list.map((s) => s.sessionId)).toEqual([made[2], made[1]]);

    const badCursor = await t.call('GET', '/api/v1/sessions?cursor=bm90LWEtY3Vyc29y', bearer);
    expect({ status: badCursor.statusCode, body: badCursor.json() }).toEqual({
      status: 400,
      body: { message: BAD_CURSOR_MESSAGE },
    });
    const unknownTag = await t.call('GET', `/api/v1/sessions?tag=${NOBODY}`, bearer);
    expect(unknownTag.json()).toEqual({ message: `Unknown tag: ${NOBODY}` });
  });

  it('changes the tags and note, audited', async () => {
    const stored = await record(token.member);
    const response = await t.call('PATCH', `/api/v1/sessions/${stored.id}`, token.member, {
      tags: [tagId],
      note: '  Calm after a long day  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MySession>()).toMatchObject({
      note: 'Calm after a long day',
      tags: [{ id: tagId, tag_name: 'Meditation' }],
    });
    const cleared = await t.call('PATCH', `/api/v1/sessions/${stored.id}`, token.member, {
      tags: [],
      note: null,
    });
    expect(cleared.json<MySession>()).toMatchObject({ note: null, tags: [] });
    const refused = await t.call('PATCH', `/api/v1/sessions/${stored.id}`, token.member, {
      tags: [NOBODY],
    });
    expect(refused.json()).toEqual({ message: `Unknown tag: ${NOBODY}` });
    const audited = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorAccountId })
      .from(auditLog)
      .where(eq(auditLog.targetId, stored.id));
    expect(audited).toEqual([
      { action: 'hrv-session.update', actor: memberId },
      { action: 'hrv-session.update', actor: memberId },
    ]);
  });

  it('deletes a session with its minutes and takes it out of the organisation’s figures', async () => {
    const before = await memberActivityRows(t.db, orgId, memberId);
    const stored = await record(token.member, { startedAt: '2025-05-31T22:00:00Z' });
    const during = await memberActivityRows(t.db, orgId, memberId);
    const response = await t.call('DELETE', `/api/v1/sessions/${stored.id}`, token.member);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(hrvSessions).where(eq(hrvSessions.id, stored.id))).toEqual([]);
    expect(
      await t.db.select().from(hrvSessionMinutes).where(eq(hrvSessionMinutes.sessionId, stored.id)),
    ).toEqual([]);
    const after = await memberActivityRows(t.db, orgId, memberId);
    expect(during).not.toEqual(before);
    expect(after.activeDays).toEqual(before.activeDays);
    expect(after.lastActivity).toEqual(before.lastActivity);
    // The day's row may stay, with nothing counted: as if the session had never been stored.
    const counted = (rows: typeof after.orgDays) =>
      rows.filter((row) => row.activeMembers > 0 || row.biofeedbackCount > 0);
    expect(counted(after.orgDays)).toEqual(counted(before.orgDays));
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, stored.id), eq(auditLog.action, 'hrv-session.delete')));
    expect(audited).toHaveLength(1);
    expect((await t.call('GET', `/api/v1/sessions/${stored.id}`, token.member)).statusCode).toBe(
      404,
    );
  });
});

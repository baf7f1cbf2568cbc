import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrvSession } from '@resonant/contracts/sessions';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { auditLog } from '../../db/schema/audit.ts';

// Issue 27, deliverable 9: every read or export of one member's health data by someone other than
// that member is recorded: who, whose, what (report, range, format), from where and when.
describe('the audit of health-data reads', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof buildTestOrg>>;
  let sessionId = '';
  const CLIENT = '203.0.113.20';

  const buildTestOrg = () =>
    buildOrg(t, {
      name: `Audited ${randomUUID().slice(0, 8)}`,
      groups: ['Alpha'],
      people: {
        owner: { orgAdmin: true, groups: ['Default'] },
        lead: { adminOf: ['Alpha'] },
        ada: { groups: ['Alpha'] },
        bo: { groups: ['Alpha'] },
      },
      signIn: ['owner', 'lead', 'ada', 'bo'],
    });

  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    org = await buildTestOrg();
    for (const person of ['ada', 'bo'] as const) {
      const reading = await t.call('POST', '/api/v1/readings', org.tokens[person], {
        clientId: randomUUID(),
        takenAt: '2025-06-09T07:00:00Z',
        kind: 'morning',
        rr: syntheticRr(300),
      });
      expect(reading.statusCode).toBe(201);
    }
    const session = await t.call('POST', '/api/v1/sessions', org.tokens.ada, {
      clientId: randomUUID(),
      type: 'biofeedback',
      startedAt: '2025-06-09T08:00:00Z',
      sessionName: 'Resonance',
      breathsPerMinute: 6,
      rr: syntheticRr(180, { breathsPerMinute: 6 }),
      ozValues: [{ oz: 80, ts: 0 }],
    });
    sessionId = session.json<HrvSession>().id;
  });
  afterAll(() => t.close());

  const get = (url: string, bearer: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': CLIENT },
    });
  const HEALTH = ['health-data.read', 'health-data.export'];
  const healthEvents = () =>
    t.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actor: auditLog.actorAccountId,
        targetType: auditLog.targetType,
        target: auditLog.targetId,
        orgId: auditLog.orgId,
        orgName: auditLog.orgName,
        ip: auditLog.ip,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(and(inArray(auditLog.action, HEALTH), eq(auditLog.orgId, org.id)));
  /** The events recorded so far, to tell the ones a test adds. */
  const mark = async () => new Set((await healthEvents()).map((event) => event.id));
  const eventsSince = async (before: Set<string>) =>
    (await healthEvents())
      .filter((event) => !before.has(event.id))
      .map(({ id: _id, ...event }) => event);

  const reads = [
    {
      name: 'readings (the member page)',
      url: (user: string) => `/api/user/rmssd?user_id=${user}&from=2025-06-01&to=2025-06-30`,
      details: { report: 'readings', from: '2025-06-01', to: '2025-06-30' },
    },
    {
      name: 'sessions of a type',
      url: (user: string) => `/api/selected-history?user_id=${user}&type=exercise`,
      details: { report: 'sessions', type: 'exercise' },
    },
    {
      name: 'session figures over a range',
      url: (user: string) =>
        `/api/hrv_analytics/biofeedback/all-time?userId=${user}&sessionType=exercise`,
      details: { report: 'session-figures', type: 'exercise' },
    },
    {
      name: 'raw optimal-zone data',
      url: (user: string) => `/api/raw-data/${sessionId}?user_id=${user}`,
      details: () => ({ report: 'raw-optimal-zone', sessionId }),
    },
  ];

  for (const read of reads) {
    it(`records the org admin's read of ${read.name}`, async () => {
      const before = await mark();
      expect((await get(read.url(org.ids.ada), org.tokens.owner)).statusCode).toBe(200);
      const details = typeof read.details === 'function' ? read.details() : read.details;
      expect(await eventsSince(before)).toEqual([
        {
          action: 'health-data.read',
          actor: org.ids.owner,
          targetType: 'account',
          target: org.ids.ada,
          orgId: org.id,
          orgName: org.name,
          ip: CLIENT,
          // The reader's role then: the member's access log says who looked as what.
          details: { ...details, role: 'org' },
          createdAt: expect.any(Date),
        },
      ]);
    });
  }

  it('records a group admin reading a member of the group', async () => {
    const before = await mark();
    expect((await get(reads[0]!.url(org.ids.bo), org.tokens.lead)).statusCode).toBe(200);
    expect(await eventsSince(before)).toMatchObject([
      {
        action: 'health-data.read',
        actor: org.ids.lead,
        target: org.ids.bo,
        details: { role: 'group' },
      },
    ]);
  });

  it('records nothing for a read that is refused (outside the reach)', async () => {
    const before = await mark();
    const stranger = randomUUID();
    expect((await get(reads[0]!.url(stranger), org.tokens.owner)).statusCode).toBe(404);
    expect(await eventsSince(before)).toEqual([]);
  });

  it('records nothing when admins read their own data', async () => {
    const before = await mark();
    expect((await get(reads[0]!.url(org.ids.owner), org.tokens.owner)).statusCode).toBe(200);
    expect(await eventsSince(before)).toEqual([]);
  });

  it('records a CSV export once per member exported, in one batch', async () => {
    const before = await mark();
    const picked = await get(
      `/api/reports/readings.csv?user_ids=${org.ids.ada}&user_ids=${org.ids.bo}`,
      org.tokens.lead,
    );
    expect(picked.statusCode).toBe(200);
    const events = await eventsSince(before);
    expect(events.map((event) => event.target).sort()).toEqual([org.ids.ada, org.ids.bo].sort());
    for (const event of events) {
      expect(event).toMatchObject({
        action: 'health-data.export',
        actor: org.ids.lead,
        ip: CLIENT,
        details: { report: 'readings', format: 'csv', members: 'picked' },
      });
    }
  });

  it('records an export of every member in reach, leaving out the exporter', async () => {
    const before = await mark();
    const all = await get('/api/reports/sessions.csv?members=all&type=exercise', org.tokens.owner);
    expect(all.statusCode).toBe(200);
    const events = await eventsSince(before);
    expect(events.map((event) => event.target).sort()).toEqual(
      [org.ids.lead, org.ids.ada, org.ids.bo].sort(),
    );
    expect(events[0]).toMatchObject({
      action: 'health-data.export',
      details: { report: 'sessions', type: 'exercise', format: 'csv', members: 'all' },
    });
  });
});

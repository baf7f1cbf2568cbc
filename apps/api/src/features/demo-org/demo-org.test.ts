import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as demoOrgContract from '@resonant/contracts/demo-org';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createOrg } from '../../../test/factories.ts';
import { signedInAccount } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { hrvSessions } from '../../db/schema/hrv-sessions.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { orgMemberships } from '../../db/schema/organisations.ts';
import { readings } from '../../db/schema/readings.ts';
import { memberDailyRollups, memberRollupTotals } from '../../db/schema/rollups.ts';
import {
  DEMO_GROUP_ADMIN_EMAIL,
  DEMO_MEMBER_EMAIL,
  DEMO_ORG_ADMIN_EMAIL,
  seedDemoOrg,
} from '../../demo/demo-org.ts';
import { markDemoSeeded } from '../../demo/demo.queries.ts';
import {
  demoDayOf,
  demoRecordings,
  demoTimeline,
  storeDemoRecording,
} from '../../demo/demo-recordings.ts';
import { demoMemberColumns, platformTagIds } from '../../demo/demo-recordings.queries.ts';
import { refreshDemoRecordings } from '../../demo/demo-refresh.ts';
import { DEMO_ORG_REFRESH_JOB } from './demo-org-refresh.ts';

const DAY_MS = 24 * 3600 * 1000;
/** The tests' clock: the demo was seeded three days before it, at 09:30 UTC. */
const NOW = new Date('2026-03-10T12:00:00Z');
const SEEDED_AT = new Date(NOW.getTime() - 3 * DAY_MS - 150 * 60_000);
const PASSWORD = 'Demo#Refresh42';
const UPDATE = '/api/org/update-demo-org';
const progressUrl = (jobId: string) => `${UPDATE}/progress?jobId=${jobId}`;

describe('Update Demo Org Data without a demo organization', () => {
  let t: TestApp;
  let appAdmin: string;
  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  it('answers 404 when there is none, or only a demo whose seed never finished', async () => {
    const none = await t.call('GET', UPDATE, appAdmin);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: demoOrgContract.DEMO_ORG_NOT_FOUND_MESSAGE });

    await createOrg(t.db, { name: 'Demo Org', isDemo: true });
    const unmarked = await t.call('GET', UPDATE, appAdmin);
    expect(unmarked.statusCode).toBe(404);
    expect(unmarked.json()).toEqual({ message: demoOrgContract.DEMO_ORG_NOT_FOUND_MESSAGE });
    expect(await t.db.select().from(jobs)).toEqual([]);
  });
});

describe('Update Demo Org Data', () => {
  let t: TestApp;
  let demoOrgId: string;
  let outsider: string;
  const token = { appAdmin: '', orgAdmin: '', groupAdmin: '', member: '' };

  /** Every demo member's client ids the seed's generator gives for the days [fromDay, NOW]. */
  const expectedClientIds = async (fromDay: number) => {
    const timeline = demoTimeline(SEEDED_AT);
    const tagIds = await platformTagIds(t.db);
    const expected = new Map<string, string[]>();
    for (const member of await demoMembers()) {
      const ids = [
        ...demoRecordings(member, tagIds, timeline, fromDay, demoDayOf(timeline, NOW) + 1),
      ]
        .filter((recording) => recording.at <= NOW)
        .map((recording) => recording.clientId);
      expected.set(member.accountId, ids.sort());
    }
    return expected;
  };
  const demoMembers = () =>
    t.db
      .select(demoMemberColumns)
      .from(orgMemberships)
      .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(
        and(eq(orgMemberships.orgId, demoOrgId), sql`${accounts.email} like '%@demo.resonant.app'`),
      );
  /** The demo generator's recordings stored per member (not what members recorded themselves). */
  const storedClientIds = async () => {
    const stored = new Map<string, string[]>();
    for (const table of [readings, hrvSessions]) {
      const rows = await t.db
        .select({ accountId: table.accountId, clientId: table.clientId })
        .from(table)
        .where(and(eq(table.orgId, demoOrgId), sql`${table.clientId} like 'demo-%'`));
      for (const row of rows) {
        stored.set(row.accountId, [...(stored.get(row.accountId) ?? []), row.clientId]);
      }
    }
    for (const ids of stored.values()) ids.sort();
    return stored;
  };
  const recordingCounts = async () => ({
    readings: (await t.db.select({ n: count() }).from(readings))[0]!.n,
    sessions: (await t.db.select({ n: count() }).from(hrvSessions))[0]!.n,
  });
  const start = async () => {
    const response = await t.call('GET', UPDATE, token.appAdmin);
    expect(response.statusCode).toBe(202);
    const started = response.json<demoOrgContract.DemoOrgUpdateStarted>();
    expect(started.message).toBe(demoOrgContract.DEMO_ORG_UPDATE_STARTED_MESSAGE);
    return started.job_id;
  };
  const progressOf = async (jobId: string) => {
    const response = await t.call('GET', progressUrl(jobId), token.appAdmin);
    expect(response.statusCode).toBe(200);
    return response.json<demoOrgContract.DemoOrgProgress>();
  };
  /** Follows the job as the page does until it is done; returns every answer seen. */
  const followUntilDone = async (jobId: string) => {
    const seen: demoOrgContract.DemoOrgProgress[] = [];
    await expect
      .poll(
        async () => {
          const progress = await progressOf(jobId);
          seen.push(progress);
          return progress.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe('done');
    return seen;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    // The demo as a server start leaves it, seeded three days ago; its recordings stop on the
    // seed's last day (the last two days of its eight months are enough here).
    demoOrgId = await seedDemoOrg(t.db, PASSWORD);
    await markDemoSeeded(t.db, demoOrgId, SEEDED_AT);
    const timeline = demoTimeline(SEEDED_AT);
    const lastSeededDay = demoDayOf(timeline, SEEDED_AT) - 1;
    const tagIds = await platformTagIds(t.db);
    for (const member of await demoMembers()) {
      const scope = { orgId: demoOrgId, accountId: member.accountId };
      for (const recording of demoRecordings(
        member,
        tagIds,
        timeline,
        lastSeededDay - 1,
        lastSeededDay + 1,
      )) {
        await storeDemoRecording(t.db, scope, recording, SEEDED_AT);
      }
    }
    // A demo member's own reading of a minute ago (the mobile app) moves their last activity to
    // today; the refresh still fills the days before it from the generator.
    const [ownRecorder] = await demoMembers();
    await recordReading(
      t.db,
      { orgId: demoOrgId, accountId: ownRecorder!.accountId },
      {
        clientId: randomUUID(),
        takenAt: new Date(NOW.getTime() - 60_000).toISOString(),
        kind: 'anytime',
        rr: syntheticRr(120),
      },
      NOW,
    );
    // Someone who joined Demo Org for real: a refresh never makes up recordings for them.
    outsider = (await createAccount(t.db, { email: 'visitor@example.test' })).id;
    await addMember(t.db, demoOrgId, outsider);

    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    token.orgAdmin = await t.signIn(DEMO_ORG_ADMIN_EMAIL, PASSWORD);
    token.groupAdmin = await t.signIn(DEMO_GROUP_ADMIN_EMAIL, PASSWORD);
    token.member = await t.signIn(DEMO_MEMBER_EMAIL, PASSWORD);
  });
  afterAll(() => t.close());

  it('answers 401 signed out and 403 to an org admin, a group admin and a member', async () => {
    const jobId = randomUUID();
    for (const url of [UPDATE, progressUrl(jobId)]) {
      const signedOut = await t.call('GET', url);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
      for (const bearer of [token.orgAdmin, token.groupAdmin, token.member]) {
        const refused = await t.call('GET', url, bearer);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toHaveProperty('message');
      }
    }
    expect(await t.db.select().from(jobs)).toEqual([]);
  });

  it('answers 404 for an unknown job id or a job of another kind, 400 for a malformed one', async () => {
    const unknown = await t.call('GET', progressUrl(randomUUID()), token.appAdmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: demoOrgContract.DEMO_ORG_UPDATE_NOT_FOUND_MESSAGE });

    const [other] = await t.db
      .insert(jobs)
      .values({ kind: 'invitation.mail', orgId: demoOrgId, payload: {}, status: 'done' })
      .returning({ id: jobs.id });
    const otherKind = await t.call('GET', progressUrl(other!.id), token.appAdmin);
    expect(otherKind.statusCode).toBe(404);
    expect(otherKind.json()).toEqual({
      message: demoOrgContract.DEMO_ORG_UPDATE_NOT_FOUND_MESSAGE,
    });
    await t.db.delete(jobs).where(eq(jobs.id, other!.id));

    const malformed = await t.call('GET', progressUrl('not-an-id'), token.appAdmin);
    expect(malformed.statusCode).toBe(400);
  });

  it('refreshes the demo up to now through ingestion as a job with progress, once', async () => {
    const before = await recordingCounts();
    const lastSeededDay = demoDayOf(demoTimeline(SEEDED_AT), SEEDED_AT) - 1;

    // A refresh cut short (a crash after ten recordings) left part of the work stored.
    const cut = new AbortController();
    let countedFirst = 0;
    await expect(
      refreshDemoRecordings(t.db, demoOrgId, NOW, {
        signal: cut.signal,
        progress(done, total) {
          if (done === 0) countedFirst = total;
          if (done >= 10) cut.abort();
        },
      }),
    ).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    const afterCut = await recordingCounts();
    expect(afterCut.readings + afterCut.sessions - before.readings - before.sessions).toBe(10);

    // Two clicks follow one job.
    const jobId = await start();
    expect(await start()).toBe(jobId);
    const refreshJobs = await t.db.select().from(jobs).where(eq(jobs.kind, DEMO_ORG_REFRESH_JOB));
    expect(refreshJobs).toMatchObject([{ id: jobId, orgId: demoOrgId, maxAttempts: 3 }]);

    const seen = await followUntilDone(jobId);
    const final = seen.at(-1)!;
    // Counted first, then told as it went: only what the cut run had not stored.
    expect(final).toEqual({
      job_id: jobId,
      status: 'done',
      done: countedFirst - 10,
      total: countedFirst - 10,
      message: demoOrgContract.DEMO_ORG_UPDATED_MESSAGE,
    });
    expect(final.total).toBeGreaterThan(50);
    expect(
      seen.every(
        (p) =>
          p.message === (p.status === 'done' ? demoOrgContract.DEMO_ORG_UPDATED_MESSAGE : null),
      ),
    ).toBe(true);
    expect(seen.some((p) => p.status === 'running' && p.total === final.total)).toBe(true);

    // Every demo member has exactly the seed generator's recordings from the seed's last two days
    // up to now: nothing missing, nothing twice, nothing after now; the visitor has none.
    const after = await recordingCounts();
    expect(after.readings + after.sessions).toBe(before.readings + before.sessions + countedFirst);
    const stored = await storedClientIds();
    expect(stored.has(outsider)).toBe(false);
    expect(stored).toEqual(await expectedClientIds(lastSeededDay - 1));
    const [latest] = await t.db
      .select({ at: sql<string>`max(${readings.takenAt})` })
      .from(readings)
      .where(eq(readings.orgId, demoOrgId));
    expect(new Date(latest!.at).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(new Date(latest!.at).getTime()).toBeGreaterThan(NOW.getTime() - 12 * 3600 * 1000);
    const newSessions = await t.db
      .select({ n: count() })
      .from(hrvSessions)
      .where(and(eq(hrvSessions.orgId, demoOrgId), gte(hrvSessions.startedAt, SEEDED_AT)));
    expect(newSessions[0]!.n).toBeGreaterThan(0);

    // Stored through ingestion: engine metrics, daily rollups up to today, last activity moved.
    const [unmeasured] = await t.db
      .select({ n: count() })
      .from(readings)
      .where(and(eq(readings.orgId, demoOrgId), sql`${readings.rmssd} is null`));
    expect(unmeasured!.n).toBe(0);
    const [rolled] = await t.db
      .select({ n: sql<number>`coalesce(sum(${memberRollupTotals.readingsCount}), 0)::int` })
      .from(memberRollupTotals)
      .where(eq(memberRollupTotals.orgId, demoOrgId));
    expect(rolled!.n).toBe(after.readings);
    const [today] = await t.db
      .select({ n: sql<number>`coalesce(sum(${memberDailyRollups.readingsCount}), 0)::int` })
      .from(memberDailyRollups)
      .where(
        and(
          eq(memberDailyRollups.orgId, demoOrgId),
          eq(memberDailyRollups.day, NOW.toISOString().slice(0, 10)),
        ),
      );
    expect(today!.n).toBeGreaterThan(0);
    const [active] = await t.db
      .select({ n: count() })
      .from(orgMemberships)
      .where(
        and(
          eq(orgMemberships.orgId, demoOrgId),
          gte(orgMemberships.lastActivityAt, new Date(NOW.getTime() - DAY_MS)),
        ),
      );
    expect(active!.n).toBeGreaterThan(20);
    expect(
      await t.db
        .select({ action: auditLog.action, orgId: auditLog.orgId })
        .from(auditLog)
        .where(eq(auditLog.action, 'demo-org.refresh')),
    ).toEqual([{ action: 'demo-org.refresh', orgId: demoOrgId }]);

    // Up to date: the next refresh is a new job that adds nothing.
    const again = await start();
    expect(again).not.toBe(jobId);
    const [nothing] = (await followUntilDone(again)).slice(-1);
    expect(nothing).toEqual({
      job_id: again,
      status: 'done',
      done: 0,
      total: 0,
      message: demoOrgContract.DEMO_ORG_UPDATED_MESSAGE,
    });
    expect(await recordingCounts()).toEqual(after);
  });

  it('shows a refresh that gave up as failed, with how far it came', async () => {
    const [failed] = await t.db
      .insert(jobs)
      .values({
        kind: DEMO_ORG_REFRESH_JOB,
        orgId: demoOrgId,
        payload: {},
        status: 'failed',
        lastError: 'connection lost',
        progress: { done: 40, total: 120 },
      })
      .returning({ id: jobs.id });
    expect(await progressOf(failed!.id)).toEqual({
      job_id: failed!.id,
      status: 'failed',
      done: 40,
      total: 120,
      message: demoOrgContract.DEMO_ORG_UPDATE_FAILED_MESSAGE,
    });
  });
});

import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionType } from '@resonant/contracts/sessions';
import type {
  TopOrgRow,
  TopOrgsBody,
  TopOrgsRange,
  TopOrgsResponse,
} from '@resonant/contracts/top-organizations';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import type { Database } from '../../db/client.ts';

/** 08:00 on 15 June in New York (Acme's zone), 12:00 in UTC (Birch's). */
const NOW = new Date('2025-06-15T12:00:00Z');
const ROUTE = '/api/analytics/top_orgs_by_users';
const rr = syntheticRr(120);

/** The figures of a row, without its id and name. */
type Figures = Omit<TopOrgRow, 'org_id' | 'org_name'>;
const NONE: Figures = {
  total_users: 0,
  total_users_active: 0,
  total_readings: 0,
  exercise_sessions: 0,
  mindfulness_sessions: 0,
  plan_sessions: 0,
  morning_readings: 0,
  anytime_readings: 0,
};

type Recording =
  { at: string; reading: 'morning' | 'anytime' } | { at: string; session: SessionType };

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function recorder(t: TestApp) {
  return async (
    orgId: string,
    member: { id: string; token: string },
    recording: Recording,
  ): Promise<void> => {
    if ('reading' in recording) {
      const outcome = await recordReading(
        t.db,
        { orgId, accountId: member.id },
        { clientId: randomUUID(), takenAt: recording.at, kind: recording.reading, rr },
        NOW,
      );
      expect(outcome.status).toBe('created');
      return;
    }
    const response = await t.call('POST', '/api/v1/sessions', member.token, {
      clientId: randomUUID(),
      type: recording.session,
      startedAt: recording.at,
      sessionName: 'Resonance',
      breathsPerMinute: 6,
      rr,
    });
    expect(response.statusCode).toBe(201);
  };
}

describe('POST /api/analytics/top_orgs_by_users (SPEC §3 Top-org analytics row, §7)', () => {
  let t: TestApp;
  const token = { appAdmin: '', orgAdmin: '', groupAdmin: '', member: '' };
  const org = { acme: '', birch: '', cedar: '' };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const acme = await buildOrg(t, {
      name: 'Acme Wellness',
      timeZone: 'America/New_York',
      groups: ['Alpha'],
      people: {
        orgAdmin: { orgAdmin: true },
        groupAdmin: { adminOf: ['Alpha'] },
        ada: { groups: ['Alpha'] },
        bob: { groups: ['Alpha'] },
        idle: {},
      },
      signIn: ['orgAdmin', 'groupAdmin', 'ada', 'bob'],
    });
    const birch = await buildOrg(t, {
      name: 'birch Health',
      people: { carol: {} },
      signIn: ['carol'],
    });
    const cedar = await buildOrg(t, { name: 'Cedar Labs', people: {} });
    org.acme = acme.id;
    org.birch = birch.id;
    org.cedar = cedar.id;
    token.orgAdmin = acme.tokens.orgAdmin;
    token.groupAdmin = acme.tokens.groupAdmin;
    token.member = acme.tokens.ada;
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;

    const record = recorder(t);
    const ada = { id: acme.ids.ada, token: acme.tokens.ada };
    const bob = { id: acme.ids.bob, token: acme.tokens.bob };
    // Ada (New York): today, yesterday, 10 and 100 days ago; active on several days, counted once.
    await record(acme.id, ada, { at: '2025-06-15T11:00:00Z', reading: 'morning' });
    await record(acme.id, ada, { at: '2025-06-15T11:30:00Z', reading: 'anytime' });
    await record(acme.id, ada, { at: '2025-06-15T11:45:00Z', session: 'biofeedback' });
    await record(acme.id, ada, { at: '2025-06-14T11:00:00Z', reading: 'morning' });
    await record(acme.id, ada, { at: '2025-06-14T20:00:00Z', session: 'mindfulness' });
    await record(acme.id, ada, { at: '2025-06-05T19:00:00Z', reading: 'anytime' });
    await record(acme.id, ada, { at: '2025-06-05T20:00:00Z', session: 'self_compassion' });
    await record(acme.id, ada, { at: '2025-03-07T12:00:00Z', reading: 'morning' });
    // Bob: 23:30 on the 14th in New York is already the 15th in UTC: his day is yesterday. His
    // older session, uploaded late, leaves his last activity on the 14th.
    await record(acme.id, bob, { at: '2025-06-15T03:30:00Z', reading: 'anytime' });
    await record(acme.id, bob, { at: '2025-05-26T15:00:00Z', session: 'biofeedback' });
    // Carol (UTC): one reading today.
    await record(
      birch.id,
      { id: birch.ids.carol, token: birch.tokens.carol },
      {
        at: '2025-06-15T06:00:00Z',
        reading: 'morning',
      },
    );
  });
  afterAll(() => t.close());

  const topOrgs = (body: TopOrgsBody, bearer = token.appAdmin) =>
    t.call('POST', ROUTE, bearer, body);
  const page = async (body: TopOrgsBody) => {
    const response = await topOrgs(body);
    expect(response.statusCode).toBe(200);
    return response.json<TopOrgsResponse>();
  };
  const figuresOf = async (range: TopOrgsRange) => {
    const { list } = await page({ range, limit: 100 });
    return Object.fromEntries(
      list.map(({ org_id: id, org_name: _name, ...figures }) => [id, figures]),
    );
  };

  it('401 when signed out', async () => {
    expect((await topOrgs({ range: 'all_time' }, '')).statusCode).toBe(401);
  });

  it('403 for an org admin, a group admin and a member', async () => {
    for (const bearer of [token.orgAdmin, token.groupAdmin, token.member]) {
      const response = await topOrgs({ range: 'all_time' }, bearer);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('400 for a range or sort field it does not know', async () => {
    const range = await t.call('POST', ROUTE, token.appAdmin, { range: '3_days' });
    expect(range.statusCode).toBe(400);
    expect(range.json<{ message: string }>().message).toMatch(/^range: /);
    const sort = await t.call('POST', ROUTE, token.appAdmin, { sort_field: 'org_id' });
    expect(sort.statusCode).toBe(400);
  });

  it('every figure per range, in each organisation’s calendar', async () => {
    const acmeMembers = { total_users: 5 };
    const carolToday = {
      ...NONE,
      total_users: 1,
      total_users_active: 1,
      total_readings: 1,
      morning_readings: 1,
    };
    const acmeRecent = {
      ...acmeMembers,
      total_users_active: 2,
      total_readings: 5,
      morning_readings: 2,
      anytime_readings: 3,
      exercise_sessions: 1,
      mindfulness_sessions: 1,
      plan_sessions: 1,
    };
    const expected: Record<TopOrgsRange, Record<string, Figures>> = {
      today: {
        [org.acme]: {
          ...NONE,
          ...acmeMembers,
          total_users_active: 1,
          total_readings: 2,
          morning_readings: 1,
          anytime_readings: 1,
          exercise_sessions: 1,
        },
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
      yesterday: {
        [org.acme]: {
          ...NONE,
          ...acmeMembers,
          total_users_active: 2,
          total_readings: 2,
          morning_readings: 1,
          anytime_readings: 1,
          mindfulness_sessions: 1,
        },
        [org.birch]: { ...NONE, total_users: 1 },
        [org.cedar]: NONE,
      },
      '7_days': {
        [org.acme]: { ...acmeRecent, total_readings: 4, anytime_readings: 2, plan_sessions: 0 },
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
      '14_days': {
        [org.acme]: acmeRecent,
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
      '30_days': {
        [org.acme]: { ...acmeRecent, exercise_sessions: 2 },
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
      '60_days': {
        [org.acme]: { ...acmeRecent, exercise_sessions: 2 },
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
      '90_days': {
        [org.acme]: { ...acmeRecent, exercise_sessions: 2 },
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
      all_time: {
        [org.acme]: {
          ...acmeRecent,
          total_readings: 6,
          morning_readings: 3,
          exercise_sessions: 2,
        },
        [org.birch]: carolToday,
        [org.cedar]: NONE,
      },
    };
    for (const [range, figures] of Object.entries(expected)) {
      expect({ range, figures: await figuresOf(range as TopOrgsRange) }).toEqual({
        range,
        figures,
      });
    }
  });

  it('sorts by active users, descending, by default: ties by name', async () => {
    const today = await page({ range: 'today' });
    expect(today.totalRows).toBe(3);
    expect(today.list.map((row) => row.org_name)).toEqual([
      'Acme Wellness',
      'birch Health',
      'Cedar Labs',
    ]);
    const { list } = await page({});
    // The default range is 30 days.
    expect(list.map((row) => [row.org_name, row.total_users_active])).toEqual([
      ['Acme Wellness', 2],
      ['birch Health', 1],
      ['Cedar Labs', 0],
    ]);
  });

  it('sorts by any column either way, names without regard to case', async () => {
    const names = async (body: TopOrgsBody) =>
      (await page({ range: 'all_time', ...body })).list.map((row) => row.org_name);
    expect(await names({ sort_field: 'org_name', sort_order: 'asc' })).toEqual([
      'Acme Wellness',
      'birch Health',
      'Cedar Labs',
    ]);
    expect(await names({ sort_field: 'org_name', sort_order: 'desc' })).toEqual([
      'Cedar Labs',
      'birch Health',
      'Acme Wellness',
    ]);
    expect(await names({ sort_field: 'total_users', sort_order: 'asc' })).toEqual([
      'Cedar Labs',
      'birch Health',
      'Acme Wellness',
    ]);
    // Ties (none of them has anything) keep the name order whichever way the column goes.
    expect(await names({ sort_field: 'plan_sessions', sort_order: 'asc' })).toEqual([
      'birch Health',
      'Cedar Labs',
      'Acme Wellness',
    ]);
    expect(await names({ sort_field: 'morning_readings', sort_order: 'desc' })).toEqual([
      'Acme Wellness',
      'birch Health',
      'Cedar Labs',
    ]);
  });

  it('pages from 1; totalRows counts every organisation, also past the last page', async () => {
    const second = await page({ range: 'all_time', limit: 1, page: 2 });
    expect(second).toEqual({
      list: [expect.objectContaining({ org_id: org.birch })],
      totalRows: 3,
    });
    const last = await page({ range: 'all_time', limit: 2, page: 2 });
    expect(last.list.map((row) => row.org_id)).toEqual([org.cedar]);
    expect(await page({ range: 'all_time', limit: 2, page: 3 })).toEqual({
      list: [],
      totalRows: 3,
    });
  });
});

describe('org_daily_activity and member_active_days', () => {
  let t: TestApp;

  /** The rollups as they are, and as counted from the recordings themselves. */
  const rollupsNow = (db: Database) =>
    Promise.all([
      rowsOf<Record<string, unknown>>(
        db,
        sql`select org_id, day::text, active_members, readings_count, morning_count,
          anytime_count, biofeedback_count, mindfulness_count, self_compassion_count
        from org_daily_activity order by org_id, day`,
      ),
      rowsOf<Record<string, unknown>>(
        db,
        sql`select org_id, account_id, day::text from member_active_days
        order by org_id, account_id, day`,
      ),
    ]);
  const recordings = sql`(
    select org_id, account_id, taken_at as at, kind::text as kind from readings
    union all
    select org_id, account_id, started_at, kind::text from hrv_sessions
  ) r join organisations o on o.id = r.org_id`;
  const countedFromRecordings = (db: Database) =>
    Promise.all([
      rowsOf<Record<string, unknown>>(
        db,
        sql`select r.org_id, (r.at at time zone o.time_zone)::date::text as day,
          count(distinct r.account_id)::int as active_members,
          (count(*) filter (where r.kind in ('morning', 'anytime')))::int as readings_count,
          (count(*) filter (where r.kind = 'morning'))::int as morning_count,
          (count(*) filter (where r.kind = 'anytime'))::int as anytime_count,
          (count(*) filter (where r.kind = 'biofeedback'))::int as biofeedback_count,
          (count(*) filter (where r.kind = 'mindfulness'))::int as mindfulness_count,
          (count(*) filter (where r.kind = 'self_compassion'))::int as self_compassion_count
        from ${recordings}
        group by 1, 2 order by 1, 2`,
      ),
      rowsOf<Record<string, unknown>>(
        db,
        sql`select distinct r.org_id, r.account_id, (r.at at time zone o.time_zone)::date::text as day
        from ${recordings} order by 1, 2, 3`,
      ),
    ]);

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const record = recorder(t);
    const tokyo = await buildOrg(t, {
      timeZone: 'Asia/Tokyo',
      people: { kai: {}, mei: {} },
      signIn: ['kai', 'mei'],
    });
    const london = await buildOrg(t, {
      timeZone: 'Europe/London',
      people: { kai: { account: tokyo.people.kai }, ola: {} },
      signIn: ['ola'],
    });
    const kai = { id: tokyo.ids.kai, token: tokyo.tokens.kai };
    const mei = { id: tokyo.ids.mei, token: tokyo.tokens.mei };
    const ola = { id: london.ids.ola, token: london.tokens.ola };
    // One at a time first: days either side of midnight in Tokyo and London.
    await record(tokyo.id, kai, { at: '2025-06-14T14:59:00Z', reading: 'morning' });
    await record(tokyo.id, kai, { at: '2025-06-14T15:01:00Z', reading: 'morning' });
    await record(london.id, kai, { at: '2025-06-14T23:30:00Z', reading: 'anytime' });
    await record(london.id, ola, { at: '2025-06-10T08:00:00Z', session: 'mindfulness' });
    // Then many at once, for one member on one new day and for two members of one organisation.
    const at = (tenMinutes: number) => `2025-06-15T00:${tenMinutes}0:00Z`;
    await Promise.all([
      ...[0, 1, 2, 3].map((n) =>
        record(tokyo.id, mei, { at: at(n), reading: n % 2 ? 'anytime' : 'morning' }),
      ),
      record(tokyo.id, mei, { at: at(4), session: 'biofeedback' }),
      record(tokyo.id, mei, { at: at(5), session: 'self_compassion' }),
      record(tokyo.id, kai, { at: at(3), session: 'mindfulness' }),
      record(london.id, ola, { at: at(2), reading: 'morning' }),
      record(london.id, ola, { at: at(1), session: 'biofeedback' }),
    ]);
  });
  afterAll(() => t.close());

  it('hold what the recordings add up to, also after concurrent ingests', async () => {
    const [daily, activeDays] = await rollupsNow(t.db);
    const [expectedDaily, expectedDays] = await countedFromRecordings(t.db);
    expect(daily).toEqual(expectedDaily);
    expect(activeDays).toEqual(expectedDays);
    // Mei's six recordings at once made her active once on her one day.
    expect(daily.map((row) => row.active_members)).toContain(2);
    expect(daily.length).toBe(4);
  });

  it('the backfill of migration 0008 builds the same rollups from the recordings', async () => {
    const before = await rollupsNow(t.db);
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0008_admin-platform.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .slice(migration.indexOf('-- Backfill'))
      .split('--> statement-breakpoint')
      .filter((statement) => statement.trim() !== '');
    expect(backfill).toHaveLength(2);
    await t.db.execute(sql`truncate org_daily_activity, member_active_days`);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    expect(await rollupsNow(t.db)).toEqual(before);
  });
});

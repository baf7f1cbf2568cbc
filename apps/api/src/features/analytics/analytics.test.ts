import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CURRENT_GROUP_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  DASHBOARD_METRICS,
  type DashboardAggregatedResponse,
  type GroupUsersTrendsResponse,
  type OrgGroupsTrendsResponse,
} from '@resonant/contracts/analytics';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createOrg } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { memberDailyRollups, memberRollupTotals } from '../../db/schema/rollups.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { PLATFORM_NORMS_TTL_MS } from '../../kernel/platform-norms.ts';
import { VOSS_2015_RMSSD_MS } from '../../kernel/population-norm.ts';

// 13:00 UTC on 15 June is 01:00 on 16 June in Auckland (NZST, UTC+12): "today" there is the 16th
// while it is still the 15th in UTC, so a UTC calendar would give other answers.
const START = new Date('2025-06-15T13:00:00Z');
const TIME_ZONE = 'Pacific/Auckland';
const TODAY = '2025-06-16';

/** A stored reading as the test saw it go in: the RMSSD is the one the engine computed. */
type Stored = { accountId: string; takenAt: Date; rmssd: number | null; quality: string };

/** The calendar day of an instant in the organisation's time zone, by Intl (not the database). */
function localDay(at: Date, timeZone = TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const mean = (values: (number | null)[]) => {
  const present = values.filter((value): value is number => value !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
};

/** DESIGN §5 for one member, computed by hand from the readings the test stored. */
function expectedFigures(readings: Stored[], accountId: string, today = TODAY) {
  const good = readings
    .filter((r) => r.accountId === accountId && r.quality === 'good' && r.rmssd !== null)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const within = (from: string) =>
    mean(
      good
        .filter((r) => localDay(r.takenAt) >= from && localDay(r.takenAt) <= today)
        .map((r) => r.rmssd),
    );
  return {
    latest: good[0]?.rmssd ?? null,
    previous: good[1]?.rmssd ?? null,
    yesterday: mean(
      good.filter((r) => localDay(r.takenAt) === addDays(today, -1)).map((r) => r.rmssd),
    ),
    lastWeek: within(addDays(today, -6)),
    lastMonth: within(addDays(today, -29)),
    allTime: mean(good.map((r) => r.rmssd)),
  };
}
type Expected = ReturnType<typeof expectedFigures> & { norm?: number | null };

/** Each figure of a group or organisation: the mean of its members' figures (nulls left out). */
function meanOfMembers(members: Expected[]): Expected {
  const keys = ['latest', 'previous', 'yesterday', 'lastWeek', 'lastMonth', 'allTime'] as const;
  const result = {} as Expected;
  for (const key of keys) result[key] = mean(members.map((member) => member[key]));
  return result;
}

/** The six cards as the API should answer them. */
function cards(figures: Expected, norm: number | null) {
  const values = [
    figures.latest,
    figures.previous,
    figures.lastWeek,
    figures.lastMonth,
    figures.allTime,
    norm,
  ];
  return DASHBOARD_METRICS.map((metric, index) => ({
    label: metric.label,
    rmssd: values[index] === null ? null : expect.closeTo(values[index]!, 9),
    unit: 'ms',
    footer: metric.footer,
  }));
}

const close = (value: number | null) => (value === null ? null : expect.closeTo(value, 9));

/** The average and trending columns a trend row should carry for hand-computed `figures`. */
const expectedAverageColumns = (figures: Expected) => ({
  latest_avg_rmssd: close(figures.latest),
  previous_avg_rmssd: close(figures.previous),
  yesterday_avg_rmssd: close(figures.yesterday),
  last_week_avg_rmssd: close(figures.lastWeek),
  last_month_avg_rmssd: close(figures.lastMonth),
  all_time_avg_rmssd: close(figures.allTime),
  trending:
    figures.latest === null || figures.lastWeek === null ? null : figures.latest > figures.lastWeek,
});

describe('HRV analytics', () => {
  let t: TestApp;
  let now = START;
  let orgId: string;
  let alpha: { id: string; name: string };
  let bravo: { id: string; name: string };
  let charlie: { id: string; name: string };
  const stored: Stored[] = [];
  const id = {
    orgAdmin: '',
    groupAdmin: '',
    mia: '',
    noah: '',
    ava: '',
    liam: '',
    plain: '',
    young: '',
    outsider: '',
  };
  const token = { orgAdmin: '', groupAdmin: '', plain: '', outsider: '' };

  async function record(
    orgOf: string,
    accountId: string,
    takenAt: string,
    rr: number[],
    kind: 'morning' | 'anytime' = 'morning',
  ) {
    const { reading } = await recordReading(
      t.db,
      { orgId: orgOf, accountId },
      { clientId: randomUUID(), takenAt, kind, rr },
      START,
    );
    stored.push({
      accountId,
      takenAt: new Date(takenAt),
      rmssd: reading.metrics.rmssd,
      quality: reading.quality,
    });
    return reading;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => now });
    const org = await buildOrg(t, {
      name: 'Kiwi Analytics',
      timeZone: TIME_ZONE,
      groups: ['alpha team', 'Bravo', 'Charlie'],
      people: {
        orgAdmin: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true },
        // Female, born 1990-01-01 (the factory's default): 35 on the 15th, band 35–44.
        groupAdmin: {
          firstName: 'Gina',
          lastName: 'Admin',
          groups: ['Default'],
          adminOf: ['alpha team'],
        },
        mia: {
          firstName: 'Mia',
          lastName: 'Brown',
          gender: 'Female',
          birthDate: '1990-03-01',
          groups: ['Default', 'alpha team'],
        },
        noah: {
          firstName: 'Noah',
          lastName: 'Adams',
          gender: 'Male',
          birthDate: '1975-07-01',
          groups: ['Default', 'alpha team'],
        },
        // No readings at all: left out of every mean but the norm's.
        ava: {
          firstName: 'Ava',
          lastName: 'clark',
          gender: 'Others',
          birthDate: '2000-01-01',
          groups: ['alpha team', 'Charlie'],
        },
        liam: {
          firstName: 'Liam',
          lastName: 'Baker',
          gender: 'Male',
          birthDate: '1960-01-01',
          groups: ['Bravo'],
        },
        // 35 tomorrow (UTC): still 34 today, so band 25–34, not the 35–44 a year count would give.
        plain: {
          firstName: 'Pat',
          lastName: 'Plain',
          gender: 'Female',
          birthDate: '1990-06-16',
          groups: ['Bravo'],
        },
        // Male, 30: band 25–34, the band the platform-mean test fills.
        young: {
          firstName: 'Yuri',
          lastName: 'Young',
          gender: 'Male',
          birthDate: '1995-01-01',
          groups: ['Bravo'],
        },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'plain'],
    });
    const otherOrg = await buildOrg(t, {
      name: 'Other Analytics',
      people: { outsider: { orgAdmin: true } },
      signIn: ['outsider'],
    });
    orgId = org.id;
    alpha = org.groups['alpha team'];
    bravo = org.groups.Bravo;
    charlie = org.groups.Charlie;
    Object.assign(id, org.ids, otherOrg.ids);
    Object.assign(token, org.tokens, otherOrg.tokens);

    // Mia: the latest reading (20:00 on the 15th in Auckland: yesterday there, today in UTC) has
    // the largest swing, so she trends up.
    await record(
      orgId,
      id.mia,
      '2025-06-15T08:00:00Z',
      syntheticRr(300, { meanMs: 950, swingMs: 70 }),
    );
    // 00:30 on the 15th in Auckland, still the 14th in UTC: yesterday in Auckland.
    await record(
      orgId,
      id.mia,
      '2025-06-14T12:30:00Z',
      syntheticRr(300, { swingMs: 30 }),
      'anytime',
    );
    // 23:30 and 01:00 on the 14th in Auckland (the 14th and 13th in UTC): two days ago there.
    await record(
      orgId,
      id.mia,
      '2025-06-14T11:30:00Z',
      syntheticRr(300, { swingMs: 35 }),
      'anytime',
    );
    await record(orgId, id.mia, '2025-06-13T13:00:00Z', syntheticRr(300, { swingMs: 25 }));
    // The 2nd: inside the 30 days (18 May – 16 June), outside the 7 (10–16 June).
    await record(orgId, id.mia, '2025-06-01T20:00:00Z', syntheticRr(300, { swingMs: 45 }));
    await record(orgId, id.mia, '2025-04-01T20:00:00Z', syntheticRr(300, { swingMs: 50 }));
    // Flagged low quality (40 s of signal), and the most recent of all: ignored everywhere.
    const low = await record(
      orgId,
      id.mia,
      '2025-06-15T09:00:00Z',
      syntheticRr(40, { meanMs: 900, swingMs: 90 }),
    );
    expect(low.quality).toBe('low');
    // Noah: one reading this week (his latest equals his week: not trending), one older than 30 days.
    await record(
      orgId,
      id.noah,
      '2025-06-10T20:00:00Z',
      syntheticRr(300, { meanMs: 1050, swingMs: 40 }),
    );
    await record(
      orgId,
      id.noah,
      '2025-05-10T20:00:00Z',
      syntheticRr(300, { meanMs: 1050, swingMs: 20 }),
    );
    // Liam, in Bravo only.
    await record(
      orgId,
      id.liam,
      '2025-06-14T20:00:00Z',
      syntheticRr(300, { meanMs: 1100, swingMs: 30 }),
    );
    // Another organisation's member: never in this organisation's figures.
    await record(
      otherOrg.id,
      id.outsider,
      '2025-06-15T08:00:00Z',
      syntheticRr(300, { meanMs: 900, swingMs: 80 }),
    );
  });
  afterAll(() => t.close());

  const get = (bearer: string | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer ? t.bearer(bearer) : {} });
  const dashboard = (bearer: string | undefined, query: string) =>
    get(bearer, `/api/hrv_analytics/dashboard_aggregated?${query}`);
  const switchTo = (bearer: string, groupId: string | null, type: 'org' | 'group') =>
    t.app.inject({
      method: 'POST',
      url: '/api/switch',
      headers: t.bearer(bearer),
      payload: { currentOrgId: orgId, currentGroupId: groupId, currentUserType: type },
    });

  /** Expected figures of a member, with their published norm (fewer than 20 in every band). */
  const member = (accountId: string) => expectedFigures(stored, accountId);
  const VOSS = VOSS_2015_RMSSD_MS;
  const norms = {
    groupAdmin: VOSS.Female[35]!,
    mia: VOSS.Female[35]!,
    noah: VOSS.Male[45]!,
    // 'Others': the mean of the male and female norms of the band.
    ava: (VOSS.Male[25]! + VOSS.Female[25]!) / 2,
    liam: VOSS.Male[65]!,
    plain: VOSS.Female[25]!,
    young: VOSS.Male[25]!,
    orgAdmin: VOSS.Female[35]!,
  };

  describe('GET /api/hrv_analytics/dashboard_aggregated', () => {
    it('answers 401 when signed out', async () => {
      const response = await dashboard(undefined, 'type=org');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to a plain member, for every type', async () => {
      for (const query of ['type=org', 'type=group', `type=user&id=${id.plain}`]) {
        const response = await dashboard(token.plain, query);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers 403 to a group admin asking for the organisation', async () => {
      const response = await dashboard(token.groupAdmin, 'type=org');
      expect(response.statusCode).toBe(403);
    });

    it('answers 400 naming the field for a bad type or a missing or malformed id', async () => {
      expect((await dashboard(token.orgAdmin, 'type=everyone')).json()).toEqual({
        message: 'type: Must be org, group or user',
      });
      const noId = await dashboard(token.orgAdmin, 'type=user');
      expect(noId.statusCode).toBe(400);
      expect(noId.json()).toEqual({ message: 'id: Required when type is user' });
      expect((await dashboard(token.orgAdmin, 'type=user&id=42')).json()).toEqual({
        message: 'id: Must be a user id',
      });
    });

    it("answers 404 for another organisation's user, and for a group admin's non-member", async () => {
      const foreign = await dashboard(token.orgAdmin, `type=user&id=${id.outsider}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
      // Liam is in the same organisation, but not in the group admin's group.
      const outsideGroup = await dashboard(token.groupAdmin, `type=user&id=${id.liam}`);
      expect(outsideGroup.statusCode).toBe(404);
      expect((await dashboard(token.groupAdmin, `type=user&id=${id.outsider}`)).statusCode).toBe(
        404,
      );
      expect((await dashboard(token.orgAdmin, `type=user&id=${randomUUID()}`)).statusCode).toBe(
        404,
      );
    });

    it("answers the organisation's cards: each the mean of its members' figures", async () => {
      const response = await dashboard(token.orgAdmin, 'type=org');
      expect(response.statusCode).toBe(200);
      const body = response.json<DashboardAggregatedResponse>();
      expect(body.avg.map((card) => card.label)).toEqual([
        'Latest Reading',
        'Previous Reading',
        '7-Day Average',
        '30-Day Average',
        'All-Time Average',
        'Population Norm',
      ]);
      // Members with readings: Mia, Noah, Liam; everyone else is left out of the figures.
      const figures = meanOfMembers([member(id.mia), member(id.noah), member(id.liam)]);
      // Every member of the organisation with an age has a norm.
      const norm = mean([
        norms.orgAdmin,
        norms.groupAdmin,
        norms.mia,
        norms.noah,
        norms.ava,
        norms.liam,
        norms.plain,
        norms.young,
      ]);
      expect(body).toEqual({ avg: cards(figures, norm) });
      expect(JSON.stringify(body)).not.toMatch(/NaN|Infinity/);
    });

    it('answers one member: the low-quality reading and the organisation day boundaries obeyed', async () => {
      const response = await dashboard(token.orgAdmin, `type=user&id=${id.mia}`);
      expect(response.statusCode).toBe(200);
      const mia = member(id.mia);
      const good = stored.filter((r) => r.accountId === id.mia && r.quality === 'good');
      // Spelled out, so the helper's reading of the rules is checked too.
      const rmssdAt = (iso: string) => good.find((r) => r.takenAt.toISOString() === iso)!.rmssd!;
      const at = {
        latest: rmssdAt('2025-06-15T08:00:00.000Z'),
        pastMidnight: rmssdAt('2025-06-14T12:30:00.000Z'),
        late: rmssdAt('2025-06-14T11:30:00.000Z'),
        early: rmssdAt('2025-06-13T13:00:00.000Z'),
        june: rmssdAt('2025-06-01T20:00:00.000Z'),
        april: rmssdAt('2025-04-01T20:00:00.000Z'),
      };
      const week = [at.latest, at.pastMidnight, at.late, at.early];
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(mia).toEqual({
        latest: at.latest,
        previous: at.pastMidnight,
        // The 15th in Auckland (in UTC, the 15th and the 14th).
        yesterday: (at.latest + at.pastMidnight) / 2,
        lastWeek: sum(week) / 4,
        lastMonth: sum([...week, at.june]) / 5,
        allTime: sum([...week, at.june, at.april]) / 6,
      });
      expect(response.json()).toEqual({ avg: cards(mia, norms.mia) });
    });

    it('answers a member without readings with null figures and their norm', async () => {
      const response = await dashboard(token.orgAdmin, `type=user&id=${id.ava}`);
      expect(response.json<DashboardAggregatedResponse>().avg.map((card) => card.rmssd)).toEqual([
        null,
        null,
        null,
        null,
        null,
        expect.closeTo(norms.ava, 9),
      ]);
    });

    it("answers a group admin's current group, and one of its members", async () => {
      const response = await dashboard(token.groupAdmin, 'type=group');
      expect(response.statusCode).toBe(200);
      // Alpha: Gina (admin) and Ava have no readings and are left out of the figures.
      const figures = meanOfMembers([member(id.mia), member(id.noah)]);
      const norm = mean([norms.groupAdmin, norms.mia, norms.noah, norms.ava]);
      expect(response.json()).toEqual({ avg: cards(figures, norm) });

      const noah = await dashboard(token.groupAdmin, `type=user&id=${id.noah}`);
      expect(noah.statusCode).toBe(200);
      expect(noah.json()).toEqual({ avg: cards(member(id.noah), norms.noah) });
    });

    it('answers an org admin type=group only once switched into a group', async () => {
      const none = await dashboard(token.orgAdmin, 'type=group');
      expect(none.statusCode).toBe(403);
      expect(none.json()).toEqual({ message: NO_CURRENT_GROUP_MESSAGE });

      expect((await switchTo(token.orgAdmin, bravo.id, 'group')).statusCode).toBe(200);
      try {
        const response = await dashboard(token.orgAdmin, 'type=group');
        expect(response.statusCode).toBe(200);
        const norm = mean([norms.liam, norms.plain, norms.young]);
        expect(response.json()).toEqual({ avg: cards(member(id.liam), norm) });
        // As a group admin now: the organisation's cards are refused, Bravo's members allowed.
        expect((await dashboard(token.orgAdmin, 'type=org')).statusCode).toBe(403);
        expect((await dashboard(token.orgAdmin, `type=user&id=${id.mia}`)).statusCode).toBe(404);
        expect((await dashboard(token.orgAdmin, `type=user&id=${id.liam}`)).statusCode).toBe(200);
      } finally {
        expect((await switchTo(token.orgAdmin, null, 'org')).statusCode).toBe(200);
      }
    });
  });

  describe('GET /api/hrv_analytics/org_groups_trends', () => {
    const url = (query = '') => `/api/hrv_analytics/org_groups_trends${query}`;

    it('answers 401 when signed out', async () => {
      expect((await get(undefined, url())).statusCode).toBe(401);
    });

    it('answers 403 to a group admin and a plain member', async () => {
      expect((await get(token.groupAdmin, url())).statusCode).toBe(403);
      expect((await get(token.plain, url())).statusCode).toBe(403);
    });

    it('answers 400 naming the field for a bad page', async () => {
      expect((await get(token.orgAdmin, url('?limit=0'))).json()).toEqual({
        message: 'limit: Must be at least 1',
      });
      expect((await get(token.orgAdmin, url('?offset=-1'))).json()).toEqual({
        message: 'offset: Must be 0 or more',
      });
    });

    it("answers only the caller's organisation's groups, Default left out, by name", async () => {
      const response = await get(token.orgAdmin, url('?limit=5&offset=0'));
      expect(response.statusCode).toBe(200);
      const body = response.json<OrgGroupsTrendsResponse>();
      expect(body.noOfRows).toBe(3);
      const alphaFigures = meanOfMembers([member(id.mia), member(id.noah)]);
      const row = (group: { id: string; name: string }, figures: Expected) => ({
        group_id: group.id,
        name: group.name,
        ...expectedAverageColumns(figures),
      });
      expect(body.list).toEqual([
        // Sorted case-insensitively: 'alpha team' before 'Bravo'.
        row(alpha, alphaFigures),
        row(bravo, member(id.liam)),
        row(charlie, member(id.ava)),
      ]);
      // Liam's latest is his only reading of the week: equal, so not trending; Charlie has none.
      expect(body.list.map((group) => group.trending)).toEqual([
        alphaFigures.latest! > alphaFigures.lastWeek!,
        false,
        null,
      ]);
    });

    it('pages with limit and offset, counting every group', async () => {
      const body = (await get(token.orgAdmin, url('?limit=2&offset=1'))).json();
      expect(body.noOfRows).toBe(3);
      expect(body.list.map((group: { name: string }) => group.name)).toEqual(['Bravo', 'Charlie']);
      const past = (await get(token.orgAdmin, url('?limit=5&offset=10'))).json();
      expect(past).toEqual({ list: [], noOfRows: 3 });
    });

    it('sorts by name either way, case-insensitively, before paging', async () => {
      const names = async (query: string) =>
        (await get(token.orgAdmin, url(query)))
          .json<OrgGroupsTrendsResponse>()
          .list.map((group) => group.name);
      expect(await names('?sort=name&order=asc')).toEqual(['alpha team', 'Bravo', 'Charlie']);
      expect(await names('?sort=name&order=desc')).toEqual(['Charlie', 'Bravo', 'alpha team']);
      expect(await names('?sort=name&order=desc&limit=1&offset=2')).toEqual(['alpha team']);
    });

    it('answers 400 for a column it does not sort by, or an unknown order', async () => {
      const response = await get(token.orgAdmin, url('?sort=all_time_avg_rmssd'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'sort: Must be one of name' });
      expect((await get(token.orgAdmin, url('?sort=name&order=up'))).json()).toEqual({
        message: 'order: Must be asc or desc',
      });
    });
  });

  describe('GET /api/hrv_analytics/group_users_trends', () => {
    const url = (query = '') => `/api/hrv_analytics/group_users_trends${query}`;

    it('answers 401 when signed out', async () => {
      expect((await get(undefined, url())).statusCode).toBe(401);
    });

    it('answers 403 to a plain member', async () => {
      expect((await get(token.plain, url())).statusCode).toBe(403);
    });

    it('answers 403 to an org admin who has not switched into a group', async () => {
      const response = await get(token.orgAdmin, url());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_GROUP_MESSAGE });
    });

    it("answers the current group's members by last then first name, with their figures", async () => {
      const response = await get(token.groupAdmin, url('?limit=10&offset=0'));
      expect(response.statusCode).toBe(200);
      const body = response.json<GroupUsersTrendsResponse>();
      const row = (
        accountId: string,
        names: [string, string],
        norm: number,
        lastReadingAt: string | null,
      ) => {
        const figures = member(accountId);
        return {
          user_id: accountId,
          first_name: names[0],
          last_name: names[1],
          last_reading_at: lastReadingAt,
          population_avg_hrv: close(norm),
          ...expectedAverageColumns(figures),
        };
      };
      expect(body).toEqual({
        noOfRows: 4,
        list: [
          row(id.noah, ['Noah', 'Adams'], norms.noah, '2025-06-10T20:00:00.000Z'),
          row(id.groupAdmin, ['Gina', 'Admin'], norms.groupAdmin, null),
          // Her last reading is the low-quality one: a reading all the same.
          row(id.mia, ['Mia', 'Brown'], norms.mia, '2025-06-15T09:00:00.000Z'),
          row(id.ava, ['Ava', 'clark'], norms.ava, null),
        ],
      });
      // Trending: Mia up (true), Noah level (false), the members without readings unknown.
      expect(Object.fromEntries(body.list.map((user) => [user.first_name, user.trending]))).toEqual(
        { Noah: false, Gina: null, Mia: true, Ava: null },
      );
    });

    it('pages with limit and offset', async () => {
      const body = (await get(token.groupAdmin, url('?limit=2&offset=2'))).json();
      expect(body.noOfRows).toBe(4);
      expect(body.list.map((user: { last_name: string }) => user.last_name)).toEqual([
        'Brown',
        'clark',
      ]);
    });

    describe('sorted', () => {
      // A group of its own where name, last reading and all-time average give three different
      // orders: Ames read last with the lowest average, Bell between with the highest, Cole first
      // with the middle one; Dunn has no readings.
      let lead = '';
      beforeAll(async () => {
        const sorted = await buildOrg(t, {
          name: 'Sorted Analytics',
          timeZone: TIME_ZONE,
          groups: ['Rowing'],
          people: {
            lead: { firstName: 'Lena', lastName: 'Zorn', adminOf: ['Rowing'] },
            ames: { firstName: 'Ann', lastName: 'Ames', groups: ['Rowing'] },
            bell: { firstName: 'Ben', lastName: 'Bell', groups: ['Rowing'] },
            cole: { firstName: 'Cat', lastName: 'Cole', groups: ['Rowing'] },
            dunn: { firstName: 'Dan', lastName: 'Dunn', groups: ['Rowing'] },
          },
          signIn: ['lead'],
        });
        lead = sorted.tokens.lead;
        const { ames, bell, cole } = sorted.ids;
        await record(sorted.id, ames, '2025-06-14T20:00:00Z', syntheticRr(300, { swingMs: 20 }));
        await record(sorted.id, bell, '2025-06-12T20:00:00Z', syntheticRr(300, { swingMs: 60 }));
        await record(sorted.id, cole, '2025-06-10T20:00:00Z', syntheticRr(300, { swingMs: 40 }));
        const allTime = [ames, cole, bell].map((accountId) => member(accountId).allTime!);
        expect(allTime).toEqual([...allTime].sort((a, b) => a - b));
      });

      /** The members' last names as the list sorts them by `sort` in `order`. */
      const expectLastNames = async (sort: string, order: string, expected: string[]) => {
        const response = await get(lead, url(`?limit=10&sort=${sort}&order=${order}`));
        expect(response.statusCode).toBe(200);
        const list = response.json<GroupUsersTrendsResponse>().list;
        expect(list.map((user) => user.last_name)).toEqual(expected);
      };

      it('by last then first name either way', async () => {
        await expectLastNames('name', 'asc', ['Ames', 'Bell', 'Cole', 'Dunn', 'Zorn']);
        await expectLastNames('name', 'desc', ['Zorn', 'Dunn', 'Cole', 'Bell', 'Ames']);
      });

      it('by last reading either way, members without readings last by name', async () => {
        await expectLastNames('last_reading_at', 'asc', ['Cole', 'Bell', 'Ames', 'Dunn', 'Zorn']);
        await expectLastNames('last_reading_at', 'desc', ['Ames', 'Bell', 'Cole', 'Dunn', 'Zorn']);
      });

      it('by all-time average either way, members without readings last by name', async () => {
        await expectLastNames('all_time_avg_rmssd', 'asc', [
          'Ames',
          'Cole',
          'Bell',
          'Dunn',
          'Zorn',
        ]);
        await expectLastNames('all_time_avg_rmssd', 'desc', [
          'Bell',
          'Cole',
          'Ames',
          'Dunn',
          'Zorn',
        ]);
      });

      it('before paging: a later page continues the sorted order', async () => {
        const page = await get(lead, url('?sort=all_time_avg_rmssd&order=desc&limit=2&offset=1'));
        expect(page.json<GroupUsersTrendsResponse>()).toMatchObject({
          noOfRows: 5,
          list: [{ last_name: 'Cole' }, { last_name: 'Ames' }],
        });
      });
    });

    it('answers 400 for a column it does not sort by', async () => {
      const response = await get(token.groupAdmin, url('?sort=latest_avg_rmssd'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'sort: Must be one of name, last_reading_at, all_time_avg_rmssd',
      });
    });
  });

  describe('population norm', () => {
    const youngNorm = async () => {
      const response = await dashboard(token.orgAdmin, `type=user&id=${id.young}`);
      expect(response.statusCode).toBe(200);
      return response.json<DashboardAggregatedResponse>().avg[5]!.rmssd;
    };
    /** Moves the clock on past the platform norms' cache (the dates stay the same). */
    const afterTheCache = () => {
      now = new Date(now.getTime() + PLATFORM_NORMS_TTL_MS + 1000);
    };

    it('uses the platform mean of the sex and age band once 20 members share it', async () => {
      // Twenty men of 25–34 on the platform, in an organisation of their own, one reading each.
      const platformOrg = await createOrg(t.db, { name: 'Platform Peers' });
      const peers: number[] = [];
      for (let index = 0; index < 20; index++) {
        const peer = await createAccount(t.db, {
          gender: 'Male',
          birthDate: `${1992 + (index % 8)}-05-0${1 + (index % 9)}`,
        });
        await addMember(t.db, platformOrg.id, peer.id);
        const reading = await record(
          platformOrg.id,
          peer.id,
          `2025-06-${String(1 + (index % 14)).padStart(2, '0')}T06:00:00Z`,
          syntheticRr(300, { meanMs: 900 + 10 * index, swingMs: 20 + 2 * index }),
        );
        peers.push(reading.metrics.rmssd!);
        if (index === 18) {
          // Nineteen: still the published norm.
          afterTheCache();
          expect(await youngNorm()).toBeCloseTo(VOSS.Male[25]!, 9);
        }
      }
      // Within the minute the cached band means still answer.
      expect(await youngNorm()).toBeCloseTo(VOSS.Male[25]!, 9);
      afterTheCache();
      expect(await youngNorm()).toBeCloseTo(mean(peers)!, 9);
      // Other bands and sexes keep the published table.
      const liam = await dashboard(token.orgAdmin, `type=user&id=${id.liam}`);
      expect(liam.json<DashboardAggregatedResponse>().avg[5]!.rmssd).toBeCloseTo(VOSS.Male[65]!, 9);
    });
  });

  describe('member_rollup_totals', () => {
    const totalsEqualRollups = async () => {
      const rows = (await t.db.execute(sql`
        select t.account_id, t.rmssd_sum, t.rmssd_count, t.readings_count,
          d.rmssd_sum as day_sum, d.rmssd_count as day_count, d.readings_count as day_readings
        from member_rollup_totals t
        full join (
          select org_id, account_id, sum(rmssd_sum) as rmssd_sum,
            sum(rmssd_count)::int as rmssd_count, sum(readings_count)::int as readings_count
          from member_daily_rollups group by org_id, account_id
        ) d on d.org_id = t.org_id and d.account_id = t.account_id`)) as unknown as {
        rows: Record<string, number | string | null>[];
      };
      expect(rows.rows.length).toBeGreaterThan(0);
      for (const row of rows.rows) {
        expect(Number(row.rmssd_sum)).toBeCloseTo(Number(row.day_sum ?? 0), 6);
        expect(Number(row.rmssd_count)).toBe(Number(row.day_count ?? 0));
        expect(Number(row.readings_count)).toBe(Number(row.day_readings ?? 0));
      }
    };

    it('stay the sum of the daily rollups through inserts, same-day upserts, updates and deletes', async () => {
      await totalsEqualRollups();
      const [mia] = await t.db
        .select()
        .from(memberRollupTotals)
        .where(eq(memberRollupTotals.accountId, id.mia));
      // Seven readings, one of them low quality (counted, but not in the RMSSD sums).
      expect(mia).toMatchObject({ orgId, rmssdCount: 6, readingsCount: 7 });
      expect(mia!.lastTakenAt).toEqual(new Date('2025-06-15T09:00:00Z'));

      await t.db
        .update(memberDailyRollups)
        .set({ rmssdSum: sql`${memberDailyRollups.rmssdSum} + 10` })
        .where(eq(memberDailyRollups.accountId, id.mia));
      await totalsEqualRollups();
      await t.db.delete(memberDailyRollups).where(eq(memberDailyRollups.accountId, id.noah));
      await totalsEqualRollups();
      // Deleting an account takes its rollups and totals with it.
      await t.db.delete(accounts).where(eq(accounts.id, id.liam));
      await totalsEqualRollups();
      const liam = await t.db
        .select()
        .from(memberRollupTotals)
        .where(eq(memberRollupTotals.accountId, id.liam));
      expect(liam).toEqual([]);
    });
  });
});

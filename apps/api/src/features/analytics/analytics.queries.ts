import { sql, type SQL } from 'drizzle-orm';
import type { GroupUsersTrendsSort, OrgGroupsTrendsSort } from '@resonant/contracts/analytics';
import type { SortOrder } from '@resonant/contracts/fields';
import type { Gender } from '@resonant/contracts/profile';
import type { GroupScope, OrgScope } from '../../auth/scope.ts';
import { listOrder } from '../../lib/list-order.ts';
import type { Database } from '../../db/client.ts';
import type { NormSex, PlatformBandMean } from './population-norm.ts';

/**
 * Whose figures to compute and how to group them: a query yielding `(grp, account_id)` rows,
 * already limited to the scope — one group for the whole organisation, one per group of a page,
 * or one per member. `wholeOrg` says the accounts are every member of the organisation, so the
 * per-day scan needs no member filter (rows of former members find no group and drop out).
 */
export type MemberGroups = { rows: SQL; wholeOrg: boolean };

/** Every member of the scope's organisation, as one group keyed by the organisation's id. */
export function orgAsOneGroup(scope: OrgScope): MemberGroups {
  return {
    rows: sql`select org_id as grp, account_id from org_memberships
      where org_id = ${scope.orgId}`,
    wholeOrg: true,
  };
}

/** The members of groups of the scope's organisation, keyed by group (another org's: nobody). */
export function membersByGroup(scope: OrgScope, groupIds: readonly string[]): MemberGroups {
  return {
    rows: sql`select group_id as grp, account_id from group_memberships
      where org_id = ${scope.orgId} and group_id in (${idList(groupIds)})`,
    wholeOrg: false,
  };
}

/** Members of the scope's organisation among the given accounts, each its own group. */
export function eachMember(scope: OrgScope, accountIds: readonly string[]): MemberGroups {
  return {
    rows: sql`select account_id as grp, account_id from org_memberships
      where org_id = ${scope.orgId} and account_id in (${idList(accountIds)})`,
    wholeOrg: false,
  };
}

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function idList(ids: readonly string[]): SQL {
  // `in ()` is not SQL; a null matches nothing, which is what an empty list means.
  if (ids.length === 0) return sql`null`;
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** A trend table page: `limit` rows from `offset`, optionally sorted by one of its columns. */
type TrendsPage<Sort extends string> = {
  limit: number;
  offset: number;
  sort?: Sort;
  order: SortOrder;
};

const number = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/**
 * First year of the 10-year age band (…, 15–24, 25–34, 35–44, …) of a birth date on `day`, age in
 * whole years as PostgreSQL's age() counts them.
 */
const ageBand = (birthDate: SQL, day: string) =>
  sql`(floor((date_part('year', age(${day}::date, ${birthDate})) - 5) / 10) * 10 + 5)::int`;

/** Per group: the mean over its members of each figure (members without it left out). */
export type FigureMeans = {
  grp: string;
  latest: number | null;
  previous: number | null;
  yesterday: number | null;
  lastWeek: number | null;
  lastMonth: number | null;
  allTime: number | null;
};

type DaysRow = {
  grp: string;
  yesterday: number | null;
  last_week: number | null;
  last_month: number | null;
  all_time: number | null;
};
type LatestRow = { grp: string; latest: number | null; previous: number | null };

/**
 * DESIGN §5: per member, then averaged over each group's members in the database (so only one
 * row per group leaves it), from the scope's organisation only. "Today" is the date of `now` in
 * the organisation's time zone, by the database's time-zone rules (computed once per statement).
 * - yesterday: mean RMSSD of the member's readings on the day before `today`; last week: on the
 *   7 days `today`-6 … `today`; last month: on the 30 days `today`-29 … `today` — sums over the
 *   days of member_daily_rollups divided by their counts (a mean of readings, not of daily means),
 *   read as one index-only range of member_daily_rollups_org_day_idx;
 * - all time: member_rollup_totals, the trigger-kept sum of all the member's daily rollups;
 * - latest / previous: RMSSD of the member's two latest good-quality readings, an index-only
 *   top-2 per member on readings_good_latest_idx.
 * The rollups only hold good-quality readings, so flagged readings are left out everywhere. Two
 * statements, run side by side on PostgreSQL's pool.
 */
export async function figureMeans(
  db: Database,
  scope: OrgScope,
  members: MemberGroups,
  now: Date,
): Promise<FigureMeans[]> {
  const day = sql`(select today from org_today)`;
  const orgToday = sql`org_today as materialized (
    select ((${now.toISOString()})::timestamptz at time zone time_zone)::date as today
    from organisations where id = ${scope.orgId}
  )`;
  const ofMembers = members.wholeOrg
    ? sql``
    : sql`and r.account_id in (select account_id from members)`;
  const [days, latest] = await Promise.all([
    rowsOf<DaysRow>(
      db,
      sql`
      with ${orgToday},
      members as (${members.rows}),
      recent as (
        select r.account_id,
          sum(r.rmssd_sum) filter (where r.day = ${day} - 1)
            / nullif(sum(r.rmssd_count) filter (where r.day = ${day} - 1), 0) as yesterday,
          sum(r.rmssd_sum) filter (where r.day >= ${day} - 6)
            / nullif(sum(r.rmssd_count) filter (where r.day >= ${day} - 6), 0) as last_week,
          sum(r.rmssd_sum) / nullif(sum(r.rmssd_count), 0) as last_month
        from member_daily_rollups r
        where r.org_id = ${scope.orgId} and r.day between ${day} - 29 and ${day} ${ofMembers}
        group by r.account_id
      )
      select m.grp,
        avg(rc.yesterday)::float8 as yesterday,
        avg(rc.last_week)::float8 as last_week,
        avg(rc.last_month)::float8 as last_month,
        avg(t.rmssd_sum / nullif(t.rmssd_count, 0))::float8 as all_time
      from members m
      left join recent rc on rc.account_id = m.account_id
      left join member_rollup_totals t on t.org_id = ${scope.orgId} and t.account_id = m.account_id
      group by m.grp`,
    ),
    rowsOf<LatestRow>(
      db,
      sql`
      with members as (${members.rows}),
      top2 as (
        select a.account_id, l.latest, l.previous
        from (select distinct account_id from members) a
        cross join lateral (
          select (array_agg(g.rmssd order by g.taken_at desc))[1] as latest,
            (array_agg(g.rmssd order by g.taken_at desc))[2] as previous
          from (
            select r.rmssd, r.taken_at from readings r
            where r.org_id = ${scope.orgId} and r.account_id = a.account_id
              and r.quality = 'good' and r.rmssd is not null
            order by r.taken_at desc
            limit 2
          ) g
        ) l
      )
      select m.grp, avg(t.latest)::float8 as latest, avg(t.previous)::float8 as previous
      from members m join top2 t on t.account_id = m.account_id
      group by m.grp`,
    ),
  ]);
  const latestOf = new Map(latest.map((row) => [row.grp, row]));
  return days.map((row) => ({
    grp: row.grp,
    latest: number(latestOf.get(row.grp)?.latest),
    previous: number(latestOf.get(row.grp)?.previous),
    yesterday: number(row.yesterday),
    lastWeek: number(row.last_week),
    lastMonth: number(row.last_month),
    allTime: number(row.all_time),
  }));
}

/** How many of a group's members with a birth date are of each gender and age band. */
export type NormBandCount = { grp: string; gender: Gender | null; band: number; members: number };

/** Per group, its members with a birth date counted by gender and age band (ages on `day`). */
export async function normBandCounts(
  db: Database,
  members: MemberGroups,
  day: string,
): Promise<NormBandCount[]> {
  const rows = await rowsOf<NormBandCount>(
    db,
    sql`
    select m.grp, p.gender, ${ageBand(sql`p.birth_date`, day)} as band, count(*)::int as members
    from (${members.rows}) m
    join profiles p on p.account_id = m.account_id
    where p.birth_date is not null
    group by 1, 2, 3`,
  );
  return rows.map((row) => ({ ...row, band: Number(row.band), members: Number(row.members) }));
}

/** Whether an account is a member of the scope's organisation (or of one of its groups). */
export async function isMember(
  db: Database,
  scope: OrgScope,
  accountId: string,
  groupId: string | null,
): Promise<boolean> {
  const result = await rowsOf<{ found: number }>(
    db,
    groupId
      ? sql`select 1 as found from group_memberships
          where org_id = ${scope.orgId} and group_id = ${groupId} and account_id = ${accountId}`
      : sql`select 1 as found from org_memberships
          where org_id = ${scope.orgId} and account_id = ${accountId}`,
  );
  return result.length > 0;
}

const GROUP_SORT_KEYS: Record<OrgGroupsTrendsSort, SQL[]> = { name: [sql`lower(name)`] };
const GROUPS_OWN_ORDER = [sql`lower(name)`, sql`name`, sql`id`];

/**
 * One page of the organisation's groups except Default, by the requested column or else by name,
 * and how many there are.
 */
export async function listTrendGroups(
  db: Database,
  scope: OrgScope,
  page: TrendsPage<OrgGroupsTrendsSort>,
) {
  const groupsOfOrg = sql`from groups where org_id = ${scope.orgId} and not is_default`;
  const [groups, total] = await Promise.all([
    rowsOf<{ id: string; name: string }>(
      db,
      sql`select id, name ${groupsOfOrg}
        order by ${sql.join(listOrder(page, GROUP_SORT_KEYS, GROUPS_OWN_ORDER), sql`, `)}
        limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${groupsOfOrg}`),
  ]);
  return { groups, total: Number(total[0]?.n ?? 0) };
}

/** A member of a trend table page: names and the time of their latest reading of any quality. */
export type TrendMember = {
  accountId: string;
  firstName: string;
  lastName: string;
  lastReadingAt: Date | null;
};

const MEMBERS_BY_NAME = [sql`lower(p.last_name)`, sql`lower(p.first_name)`];
// Read from the member's one member_rollup_totals row, so sorting needs no figures computed.
const MEMBER_SORT_KEYS: Record<GroupUsersTrendsSort, SQL[]> = {
  name: MEMBERS_BY_NAME,
  last_reading_at: [sql`t.last_taken_at`],
  all_time_avg_rmssd: [sql`t.rmssd_sum / nullif(t.rmssd_count, 0)`],
};
const MEMBERS_OWN_ORDER = [...MEMBERS_BY_NAME, sql`gm.account_id`];

/**
 * One page of the scope's group's members by the requested column or else by last name, first
 * name, and how many members the group has.
 */
export async function listGroupMembersPage(
  db: Database,
  scope: GroupScope,
  page: TrendsPage<GroupUsersTrendsSort>,
): Promise<{ members: TrendMember[]; total: number }> {
  const ofGroup = sql`gm.org_id = ${scope.orgId} and gm.group_id = ${scope.groupId}`;
  const [rows, total] = await Promise.all([
    rowsOf<{
      account_id: string;
      first_name: string | null;
      last_name: string | null;
      last_taken_ms: number | string | null;
    }>(
      db,
      sql`
      select gm.account_id, p.first_name, p.last_name,
        (extract(epoch from t.last_taken_at) * 1000)::float8 as last_taken_ms
      from group_memberships gm
      left join profiles p on p.account_id = gm.account_id
      left join member_rollup_totals t
        on t.org_id = ${scope.orgId} and t.account_id = gm.account_id
      where ${ofGroup}
      order by ${sql.join(listOrder(page, MEMBER_SORT_KEYS, MEMBERS_OWN_ORDER), sql`, `)}
      limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from group_memberships gm where ${ofGroup}`,
    ),
  ]);
  const members = rows.map((row) => {
    const lastTakenMs = number(row.last_taken_ms);
    return {
      accountId: row.account_id,
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
      lastReadingAt: lastTakenMs === null ? null : new Date(lastTakenMs),
    };
  });
  return { members, total: Number(total[0]?.n ?? 0) };
}

type BandRow = { sex: NormSex; band: number; members: number; mean_rmssd: number };

/**
 * The platform's mean 30-day RMSSD per sex and age band (ages on `day`), over every member with
 * good readings in the last 30 days of their organisation's calendar. Deliberately platform-wide,
 * not tenant-scoped: only per-band counts and means leave this query, and a band's mean is only
 * used when at least 20 members share it.
 */
export async function platformBandMeans(
  db: Database,
  now: Date,
  day: string,
): Promise<PlatformBandMean[]> {
  const rows = await rowsOf<BandRow>(
    db,
    sql`
    with orgs as materialized (
      select id, ((${now.toISOString()})::timestamptz at time zone time_zone)::date as today
      from organisations
    ),
    member_month as (
      select r.account_id, sum(r.rmssd_sum) / sum(r.rmssd_count) as rmssd
      from orgs o
      join member_daily_rollups r on r.org_id = o.id and r.day between o.today - 29 and o.today
      group by r.account_id
      having sum(r.rmssd_count) > 0
    )
    select p.gender::text as sex, ${ageBand(sql`p.birth_date`, day)} as band,
      count(*)::int as members, avg(m.rmssd)::float8 as mean_rmssd
    from member_month m
    join profiles p on p.account_id = m.account_id
    where p.gender in ('Male', 'Female') and p.birth_date is not null
    group by 1, 2`,
  );
  return rows.map((row) => ({
    sex: row.sex,
    band: Number(row.band),
    members: Number(row.members),
    meanRmssd: Number(row.mean_rmssd),
  }));
}

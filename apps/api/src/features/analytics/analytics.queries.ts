import { sql, type SQL } from 'drizzle-orm';
import type { GroupUsersTrendsSort, OrgGroupsTrendsSort } from '@resonant/contracts/analytics';
import type { SortOrder } from '@resonant/contracts/fields';
import type { Gender } from '@resonant/contracts/profile';
import type { GroupScope, OrgScope } from '../../kernel/scope.ts';
import { ageBand } from '../../kernel/platform-norms.queries.ts';
import { listOrder } from '../../lib/list-order.ts';
import { rowsOf } from '../../lib/raw-rows.queries.ts';
import type { Database } from '../../db/client.ts';

/**
 * Whose figures to compute and how to group them: a query yielding `(grp, account_id)` rows,
 * already limited to the scope — one group for the whole organisation, one per group of a page,
 * or one per member. `wholeOrg` says the accounts are every member of the organisation, so their
 * days are read as one range of the organisation instead of member by member.
 */
export type MemberGroups = { rows: SQL; wholeOrg: boolean };

/** Every member of the scope's organisation, as one group keyed by the organisation's id. */
export function orgAsOneGroup(scope: OrgScope): MemberGroups {
  return {
    rows: sql`select org_id as grp, account_id from org_memberships where org_id = ${scope.orgId}`,
    wholeOrg: true,
  };
}

/** Members of the scope's organisation picked by `rows`, e.g. a page's (another org's: nobody). */
const someMembers = (rows: SQL): MemberGroups => ({ rows, wholeOrg: false });

/** The members of one group of the scope's organisation (another org's group: nobody). */
export function membersOfGroup(scope: OrgScope, groupId: string): MemberGroups {
  return someMembers(sql`select group_id as grp, account_id from group_memberships
    where org_id = ${scope.orgId} and group_id = ${groupId}`);
}

/**
 * One member, as its own group, when it belongs to the scope's organisation — or, given a group,
 * to that group of it; otherwise nobody.
 */
export function oneMember(
  scope: OrgScope,
  accountId: string,
  groupId: string | null,
): MemberGroups {
  return someMembers(
    groupId
      ? sql`select account_id as grp, account_id from group_memberships
          where org_id = ${scope.orgId} and group_id = ${groupId} and account_id = ${accountId}`
      : sql`select account_id as grp, account_id from org_memberships
          where org_id = ${scope.orgId} and account_id = ${accountId}`,
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

/** How many of a group's members with a birth date are of each gender and age band. */
type NormBandCount = { gender: Gender | null; band: number; members: number };

/**
 * A group's figures: per figure the mean over its members who have it, and its members' head-counts
 * per gender and age band (for the population norm).
 */
export type GroupFigures = {
  latest: number | null;
  previous: number | null;
  yesterday: number | null;
  lastWeek: number | null;
  lastMonth: number | null;
  allTime: number | null;
  bands: NormBandCount[];
};

/** The columns of `figures` (figuresOf) as they leave the database. */
type FigureColumns = {
  latest: number | null;
  previous: number | null;
  yesterday: number | null;
  last_week: number | null;
  last_month: number | null;
  all_time: number | null;
  bands: [gender: Gender | null, band: number, members: number][] | null;
};

const FIGURE_COLUMNS = sql`f.latest, f.previous, f.yesterday, f.last_week, f.last_month,
  f.all_time, f.bands`;

function groupFigures(row: FigureColumns): GroupFigures {
  return {
    latest: number(row.latest),
    previous: number(row.previous),
    yesterday: number(row.yesterday),
    lastWeek: number(row.last_week),
    lastMonth: number(row.last_month),
    allTime: number(row.all_time),
    bands: (row.bands ?? []).map(([gender, band, members]) => ({
      gender,
      band: Number(band),
      members: Number(members),
    })),
  };
}

/**
 * The CTEs ending in `figures (grp, <FigureColumns>)`: DESIGN §5 per member, then averaged over
 * each group's members in the database (so only one row per group leaves it), from the scope's
 * organisation only. "Today" is the date of `now` in the organisation's time zone, by the
 * database's time-zone rules (computed once per statement); ages are counted on `normDay`.
 * - yesterday: mean RMSSD of the member's readings on the day before `today`; last week: on the
 *   7 days `today`-6 … `today`; last month: on the 30 days `today`-29 … `today` — sums over the
 *   days of member_daily_rollups divided by their counts (a mean of readings, not of daily means);
 * - all time: member_rollup_totals, the trigger-kept sum of all the member's daily rollups;
 * - latest / previous: RMSSD of the member's two latest good-quality readings, an index-only
 *   top-2 on readings_good_latest_idx.
 * Each member's figures are index lookups of that member (LATERAL), so the plan is the same
 * whatever the planner knows about the tables (PGlite never gathers statistics) and costs in
 * proportion to the members asked for; the whole organisation's days are instead one index range
 * of member_daily_rollups_org_day_idx, grouped by member (a fifth cheaper for 1,000 members). The
 * rollups only hold good-quality readings, so flagged readings are left out everywhere.
 */
function figuresCtes(scope: OrgScope, members: MemberGroups, now: Date, normDay: string): SQL {
  const org = scope.orgId;
  const meanWhere = (condition: SQL) =>
    sql`sum(r.rmssd_sum) filter (where ${condition})
      / nullif(sum(r.rmssd_count) filter (where ${condition}), 0)`;
  const daySums = sql`${meanWhere(sql`r.day = o.today - 1`)} as yesterday,
    ${meanWhere(sql`r.day >= o.today - 6`)} as last_week,
    sum(r.rmssd_sum) / nullif(sum(r.rmssd_count), 0) as last_month`;
  const days = members.wholeOrg
    ? sql`left join (
        select r.account_id, ${daySums}
        from member_daily_rollups r cross join org_today o
        where r.org_id = ${org} and r.day between o.today - 29 and o.today
        group by r.account_id
      ) d on d.account_id = m.account_id`
    : sql`cross join lateral (
        select ${daySums}
        from member_daily_rollups r
        where r.org_id = ${org} and r.account_id = m.account_id
          and r.day between o.today - 29 and o.today
      ) d`;
  return sql`
    org_today as materialized (
      select ((${now.toISOString()})::timestamptz at time zone time_zone)::date as today
      from organisations where id = ${org}
    ),
    members as materialized (${members.rows}),
    per_member as materialized (
      select m.grp, d.yesterday, d.last_week, d.last_month,
        t.rmssd_sum / nullif(t.rmssd_count, 0) as all_time, l.latest, l.previous,
        p.gender, ${ageBand(sql`p.birth_date`, normDay)} as band
      from members m
      cross join org_today o
      ${days}
      cross join lateral (
        select (array_agg(g.rmssd order by g.taken_at desc))[1] as latest,
          (array_agg(g.rmssd order by g.taken_at desc))[2] as previous
        from (
          select r.rmssd, r.taken_at from readings r
          where r.org_id = ${org} and r.account_id = m.account_id
            and r.quality = 'good' and r.rmssd is not null
          order by r.taken_at desc
          limit 2
        ) g
      ) l
      left join member_rollup_totals t on t.org_id = ${org} and t.account_id = m.account_id
      left join profiles p on p.account_id = m.account_id
    ),
    bands as (
      select grp, json_agg(json_build_array(gender, band, members)) as bands
      from (
        select grp, gender, band, count(*)::int as members from per_member
        where band is not null
        group by 1, 2, 3
      ) b
      group by grp
    ),
    figures as (
      select a.*, b.bands
      from (
        select grp, avg(latest)::float8 as latest, avg(previous)::float8 as previous,
          avg(yesterday)::float8 as yesterday, avg(last_week)::float8 as last_week,
          avg(last_month)::float8 as last_month, avg(all_time)::float8 as all_time
        from per_member
        group by grp
      ) a
      left join bands b on b.grp = a.grp
    )`;
}

/** The figures of each group of `members` that has members, by group, in one statement. */
export async function figuresOf(
  db: Database,
  scope: OrgScope,
  members: MemberGroups,
  now: Date,
  normDay: string,
): Promise<Map<string, GroupFigures>> {
  const rows = await rowsOf<FigureColumns & { grp: string }>(
    db,
    sql`with ${figuresCtes(scope, members, now, normDay)}
      select f.grp, ${FIGURE_COLUMNS} from figures f`,
  );
  return new Map(rows.map((row) => [row.grp, groupFigures(row)]));
}

/** A page of a trend table: its rows in order, each with its figures, and how many rows in all. */
type TrendPage<Row> = { rows: (Row & { figures: GroupFigures })[]; total: number };

type TrendPageRow = FigureColumns & { total: number; grp: string | null } & Record<string, unknown>;

/**
 * One statement for a trend table's page: `page` (a CTE of the page's rows with their `ord`), the
 * figures of `members` (drawn from `page`) and `total`. An empty page still answers one row, for
 * the total. A row without members has no figures row: every figure is null, like a row whose
 * members have none.
 */
async function trendPage<Row>(
  db: Database,
  scope: OrgScope,
  parts: { page: SQL; members: MemberGroups; key: SQL; total: SQL; columns: SQL },
  now: Date,
  normDay: string,
  toRow: (row: TrendPageRow & { grp: string }) => Row,
): Promise<TrendPage<Row>> {
  const rows = await rowsOf<TrendPageRow>(
    db,
    sql`with page as materialized (${parts.page}),
      ${figuresCtes(scope, parts.members, now, normDay)}
      select (${parts.total}) as total, ${parts.key} as grp, ${parts.columns}, ${FIGURE_COLUMNS}
      from (select 1) as one
      left join page on true
      left join figures f on f.grp = ${parts.key}
      order by page.ord`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.flatMap((row) =>
      row.grp === null ? [] : [{ ...toRow({ ...row, grp: row.grp }), figures: groupFigures(row) }],
    ),
  };
}

const GROUP_SORT_KEYS: Record<OrgGroupsTrendsSort, SQL[]> = { name: [sql`lower(name)`] };
const GROUPS_OWN_ORDER = [sql`lower(name)`, sql`name`, sql`id`];

/**
 * One page of the organisation's groups except Default, by the requested column or else by name,
 * with their figures and how many groups there are — one statement.
 */
export function groupsTrendPage(
  db: Database,
  scope: OrgScope,
  page: TrendsPage<OrgGroupsTrendsSort>,
  now: Date,
  normDay: string,
) {
  const groupsOfOrg = sql`from groups where org_id = ${scope.orgId} and not is_default`;
  const order = sql.join(listOrder(page, GROUP_SORT_KEYS, GROUPS_OWN_ORDER), sql`, `);
  return trendPage(
    db,
    scope,
    {
      page: sql`select id, name, row_number() over (order by ${order}) as ord ${groupsOfOrg}
        order by ${order} limit ${page.limit} offset ${page.offset}`,
      members: someMembers(sql`select gm.group_id as grp, gm.account_id
        from page join group_memberships gm on gm.group_id = page.id
        where gm.org_id = ${scope.orgId}`),
      key: sql`page.id`,
      total: sql`select count(*)::int ${groupsOfOrg}`,
      columns: sql`page.name`,
    },
    now,
    normDay,
    (row) => ({ id: row.grp, name: row.name as string }),
  );
}

/** A member of a trend table page: names and the time of their latest reading of any quality. */
type TrendMember = {
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
 * name, with their figures and how many members the group has — one statement.
 */
export function groupMembersTrendPage(
  db: Database,
  scope: GroupScope,
  page: TrendsPage<GroupUsersTrendsSort>,
  now: Date,
  normDay: string,
) {
  const ofGroup = sql`gm.org_id = ${scope.orgId} and gm.group_id = ${scope.groupId}`;
  const order = sql.join(listOrder(page, MEMBER_SORT_KEYS, MEMBERS_OWN_ORDER), sql`, `);
  return trendPage<TrendMember>(
    db,
    scope,
    {
      page: sql`
        select gm.account_id, p.first_name, p.last_name,
          (extract(epoch from t.last_taken_at) * 1000)::float8 as last_taken_ms,
          row_number() over (order by ${order}) as ord
        from group_memberships gm
        left join profiles p on p.account_id = gm.account_id
        left join member_rollup_totals t
          on t.org_id = ${scope.orgId} and t.account_id = gm.account_id
        where ${ofGroup}
        order by ${order}
        limit ${page.limit} offset ${page.offset}`,
      members: someMembers(sql`select account_id as grp, account_id from page`),
      key: sql`page.account_id`,
      total: sql`select count(*)::int from group_memberships gm where ${ofGroup}`,
      columns: sql`page.first_name, page.last_name, page.last_taken_ms`,
    },
    now,
    normDay,
    (row) => {
      const lastTakenMs = number(row.last_taken_ms as number | string | null);
      return {
        accountId: row.grp,
        firstName: (row.first_name as string | null) ?? '',
        lastName: (row.last_name as string | null) ?? '',
        lastReadingAt: lastTakenMs === null ? null : new Date(lastTakenMs),
      };
    },
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@resonant/contracts/fields';
import type { TopOrgsFigure, TopOrgsSortField } from '@resonant/contracts/top-organizations';
import type { Database } from '../../db/client.ts';
import { listOrder } from '../../lib/list-order.ts';
import { rowsOf } from '../../lib/raw-rows.queries.ts';

/**
 * The calendar days a range covers in each organisation's time zone, counted back from its today:
 * every day; the days from `daysBefore` days before today on (today and the `daysBefore` days
 * before it); or the one day before today.
 */
export type DayRange =
  { kind: 'all_time' } | { kind: 'ending_today'; daysBefore: number } | { kind: 'yesterday' };

export type TopOrgsPage = {
  range: DayRange;
  sort: TopOrgsSortField;
  order: SortOrder;
  limit: number;
  offset: number;
};

const BY_NAME = [sql`lower(org_name)`, sql`org_name`, sql`org_id`];
const SORT_KEYS: Record<TopOrgsSortField, SQL[]> = {
  org_name: [sql`lower(org_name)`],
  total_users: [sql`total_users`],
  total_users_active: [sql`total_users_active`],
  total_readings: [sql`total_readings`],
  exercise_sessions: [sql`exercise_sessions`],
  mindfulness_sessions: [sql`mindfulness_sessions`],
  plan_sessions: [sql`plan_sessions`],
  morning_readings: [sql`morning_readings`],
  anytime_readings: [sql`anytime_readings`],
};

/** An organisation of the page with its figures, as the driver reads them (counts maybe text). */
export type OrgFigures = Record<TopOrgsFigure, number | string | null> & {
  org_id: string;
  org_name: string | null;
};

/** A row of the page's statement: without an organisation when the page is past the last one. */
type FigureRow = Omit<OrgFigures, 'org_id'> & {
  total_rows: number | string;
  org_id: string | null;
};

/**
 * One page of every organisation with its figures over the range, and how many organisations there
 * are, in one statement that reads only the rollups (org_daily_activity; never readings or
 * hrv_sessions) and the memberships:
 * - today is the date of `now` in each organisation's time zone (the database's rules);
 * - readings and sessions: sums of org_daily_activity over the range's days (All Time: all of
 *   them);
 * - total_users: the organisation's members now;
 * - total_users_active: for ranges ending today, the members whose last recording
 *   (org_memberships.last_activity_at, moved forward by every ingest) is at or after the start of
 *   the range's first day in the organisation's time zone (all time: any recording); for yesterday
 *   the members who recorded that day (org_daily_activity.active_members).
 * Sorted by the requested figure, ties by name then id, so pages never overlap.
 */
export async function topOrganizationsPage(
  db: Database,
  page: TopOrgsPage,
  now: Date,
): Promise<{ list: OrgFigures[]; totalRows: number }> {
  const { range } = page;
  const daysBefore =
    range.kind === 'ending_today' ? range.daysBefore : range.kind === 'yesterday' ? 1 : 0;
  const recentlyActive: SQL =
    range.kind === 'all_time'
      ? sql`m.last_activity_at is not null`
      : sql`m.last_activity_at >= b.first_day_starts`;
  const sums = sql`sum(a.active_members)::int as active_members,
    sum(a.readings_count)::int as total_readings,
    sum(a.morning_count)::int as morning_readings,
    sum(a.anytime_count)::int as anytime_readings,
    sum(a.biofeedback_count)::int as exercise_sessions,
    sum(a.mindfulness_count)::int as mindfulness_sessions,
    sum(a.self_compassion_count)::int as plan_sessions`;
  // Each organisation's days of the range: one index-only range of org_daily_activity_org_day_idx
  // per organisation (All Time: all its days, at most one row a day).
  const inRange: SQL =
    range.kind === 'all_time'
      ? sql`true`
      : range.kind === 'yesterday'
        ? sql`a.day = b.first_day`
        : sql`a.day between b.first_day and b.first_day + ${daysBefore}::int`;
  const activity = sql`left join lateral (select ${sums} from org_daily_activity a
      where a.org_id = b.id and ${inRange}
    ) a on true`;
  const active: SQL = range.kind === 'yesterday' ? sql`a.active_members` : sql`mb.recently_active`;
  const order = sql.join(
    listOrder({ sort: page.sort, order: page.order }, SORT_KEYS, BY_NAME),
    sql`, `,
  );
  const rows = await rowsOf<FigureRow>(
    db,
    sql`
    with bounds as materialized (
      select id, name, first_day,
        (first_day::timestamp at time zone time_zone) as first_day_starts
      from (
        select id, name, time_zone,
          (${now.toISOString()}::timestamptz at time zone time_zone)::date - ${daysBefore}::int
            as first_day
        from organisations
      ) org_today
    ),
    figures as (
      select b.id as org_id, b.name as org_name,
        coalesce(mb.total_users, 0) as total_users,
        coalesce(${active}, 0) as total_users_active,
        coalesce(a.total_readings, 0) as total_readings,
        coalesce(a.exercise_sessions, 0) as exercise_sessions,
        coalesce(a.mindfulness_sessions, 0) as mindfulness_sessions,
        coalesce(a.plan_sessions, 0) as plan_sessions,
        coalesce(a.morning_readings, 0) as morning_readings,
        coalesce(a.anytime_readings, 0) as anytime_readings
      from bounds b
      cross join lateral (
        select count(*)::int as total_users,
          (count(*) filter (where ${recentlyActive}))::int as recently_active
        from org_memberships m where m.org_id = b.id
      ) mb
      ${activity}
    )
    select t.total_rows, p.*
    from (select count(*)::int as total_rows from bounds) t
    left join lateral (
      select f.*, row_number() over (order by ${order}) as position
      from figures f
      order by ${order}
      limit ${page.limit} offset ${page.offset}
    ) p on true
    order by p.position`,
  );
  const list = rows.filter((row): row is FigureRow & OrgFigures => row.org_id !== null);
  return { list, totalRows: Number(rows[0]?.total_rows ?? 0) };
}

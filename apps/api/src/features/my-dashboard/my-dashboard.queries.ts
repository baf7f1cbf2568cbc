import { sql } from 'drizzle-orm';
import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../../db/client.ts';
import { ageBand } from '../../kernel/platform-norms.queries.ts';
import { rowsOf } from '../../lib/raw-rows.queries.ts';

// Every statement here reads one person's rows by account id alone, never by organisation: their
// readings stay theirs in every organisation they recorded in, and after they leave one.

/** A reading's calendar day in the time zone of the organisation it was recorded in. */
const readingDay = sql`(r.taken_at at time zone o.time_zone)::date`;

/** The person's figures as they leave the database (numbers may come back as text). */
type OwnFigureColumns = {
  today: string;
  has_readings: boolean;
  latest: number | string | null;
  previous: number | string | null;
  last_week: number | string | null;
  last_month: number | string | null;
  all_time: number | string | null;
  morning_at: Date | string | null;
  morning_day: string | null;
  morning_rmssd: number | string | null;
  gender: Gender | null;
  band: number | string | null;
};

const number = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * DESIGN §5 figures of one person over all their good-quality readings with an RMSSD, with their
 * latest good morning reading and their age band: one statement. Days are calendar days of each
 * reading's organisation (as its rollups count them), "today" the date of `now` there, so the
 * 7-day and 30-day means match the organisation's dashboards for someone in one organisation.
 * `today` of the answer is the date of `now` in the time zone of the organisation of the
 * person's latest reading (UTC without one): the last day of their chart.
 */
export async function ownFigures(db: Database, accountId: string, now: Date, normDay: string) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await rowsOf<OwnFigureColumns>(
    db,
    sql`
    with good as materialized (
      select r.taken_at, r.rmssd, r.kind, ${readingDay} as day,
        (${at} at time zone o.time_zone)::date as today
      from readings r join organisations o on o.id = r.org_id
      where r.account_id = ${accountId} and r.quality = 'good' and r.rmssd is not null
    ),
    latest_org as (
      select o.time_zone from readings r join organisations o on o.id = r.org_id
      where r.account_id = ${accountId}
      order by r.taken_at desc limit 1
    ),
    morning as (
      select taken_at, day, rmssd from good
      where kind = 'morning' and rmssd > 0
      order by taken_at desc limit 1
    )
    select
      to_char((${at} at time zone coalesce((select time_zone from latest_org), 'UTC'))::date,
        'YYYY-MM-DD') as today,
      exists (select 1 from readings r where r.account_id = ${accountId}) as has_readings,
      (select rmssd from good order by taken_at desc limit 1) as latest,
      (select rmssd from good order by taken_at desc offset 1 limit 1) as previous,
      (select avg(rmssd) from good where day between today - 6 and today)::float8 as last_week,
      (select avg(rmssd) from good where day between today - 29 and today)::float8 as last_month,
      (select avg(rmssd) from good)::float8 as all_time,
      (select taken_at from morning) as morning_at,
      (select to_char(day, 'YYYY-MM-DD') from morning) as morning_day,
      (select rmssd from morning) as morning_rmssd,
      p.gender, ${ageBand(sql`p.birth_date`, normDay)} as band
    from (select 1) as one
    left join profiles p on p.account_id = ${accountId}`,
  );
  const figures = row!;
  return {
    today: figures.today,
    hasReadings: figures.has_readings,
    latest: number(figures.latest),
    previous: number(figures.previous),
    lastWeek: number(figures.last_week),
    lastMonth: number(figures.last_month),
    allTime: number(figures.all_time),
    latestMorning:
      figures.morning_at === null || figures.morning_day === null
        ? null
        : {
            takenAt: new Date(figures.morning_at),
            day: figures.morning_day,
            rmssd: Number(figures.morning_rmssd),
          },
    gender: figures.gender,
    band: number(figures.band),
  };
}

/**
 * The person's good morning readings with a positive RMSSD from `fromDay` on (calendar days of
 * each reading's organisation), one value per day: the day's geometric mean (exp of the mean ln
 * RMSSD), which keeps the daily mean ln RMSSD of packages/hrv's normal range exactly.
 */
export async function dailyMorningRmssd(
  db: Database,
  accountId: string,
  fromDay: string,
): Promise<{ day: string; rmssd: number }[]> {
  const rows = await rowsOf<{ day: string; rmssd: number | string }>(
    db,
    sql`
    select to_char(${readingDay}, 'YYYY-MM-DD') as day, exp(avg(ln(r.rmssd)))::float8 as rmssd
    from readings r join organisations o on o.id = r.org_id
    where r.account_id = ${accountId} and r.kind = 'morning' and r.quality = 'good'
      and r.rmssd > 0
      -- A day earlier than any time zone's, so the index narrows; the day filter is exact.
      and r.taken_at >= (${fromDay}::date - 1)::timestamp at time zone 'UTC'
      and ${readingDay} >= ${fromDay}::date
    group by 1
    order by 1`,
  );
  return rows.map((row) => ({ day: row.day, rmssd: Number(row.rmssd) }));
}

import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../lib/raw-rows.queries.ts';
import type { NormSex, PlatformBandMean } from './population-norm.ts';

/**
 * First year of the 10-year age band (…, 15–24, 25–34, 35–44, …) of a birth date on `day`, age in
 * whole years as PostgreSQL's age() counts them.
 */
export const ageBand = (birthDate: SQL, day: string) =>
  sql`(floor((date_part('year', age(${day}::date, ${birthDate})) - 5) / 10) * 10 + 5)::int`;

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

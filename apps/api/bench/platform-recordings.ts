/**
 * The recordings of the benchmark platform (analytics-platform.ts) and what ingestion keeps of
 * them: readings, breathing sessions, daily rollups, active days, organisation days and each
 * member's last activity, all drawn or computed by SQL.
 */
import type { Database } from '../src/db/client.ts';
import { memberDayRecordings, run, sequentialId } from './platform-sql.ts';

/**
 * A year of readings of the members of organisations `from`..`to`: a morning reading every day
 * around 07:00 local time, an anytime reading around 15:00 on about a third of the days, none in
 * the future. RMSSD wanders around each member's own level; the other metrics follow from it.
 */
export async function insertReadings(db: Database, from: number, to: number) {
  await run(
    db,
    `insert into readings (id, org_id, account_id, client_id, taken_at, kind, rr_ms, quality,
       beats, duration_s, artifact_percent, mean_nni, median_nni, range_nni, sdnn, rmssd, sdsd,
       pnn50, mean_hr, min_hr, max_hr, min_max, vlf, lf, hf, total_power, lf_hf, created_at)
     select
       ${sequentialId('bench_reading_seq', '00000000-0000-4000-8000-')},
       org_id, account_id, 'bench-' || kind || '-' || day, taken_at, kind::reading_kind,
       '\\x0000fa43'::bytea,
       (case when low then 'low' else 'good' end)::quality,
       round(300 * 60000 / nni)::int, 300, case when low then 8 + 10 * noise else 2 * noise end,
       nni, nni + 5 * (noise - 0.5), 250 + rmssd * 3, rmssd * 1.3, rmssd, rmssd * 1.01,
       least(60, rmssd * 0.6), 60000 / nni, 60000 / nni - 8, 60000 / nni + 12, 20 + rmssd * 0.4,
       400 + 20 * rmssd, 500 + 25 * rmssd, rmssd * rmssd * 0.8,
       900 + 45 * rmssd + rmssd * rmssd * 0.8, (500 + 25 * rmssd) / (rmssd * rmssd * 0.8),
       taken_at
     ${memberDayRecordings({
       from,
       to,
       timeColumn: 'taken_at',
       minuteStep: 13,
       minuteSpread: 90,
       columns: `random() < 0.03 as low,
         random() as noise,
         greatest(8, m.base_rmssd * (1 + 0.15 * sin(extract(epoch from d) / 604800.0 + m.ordinal))
           + 12 * (random() - 0.5)) as rmssd,
         1000 - m.base_rmssd + 60 * random() as nni`,
       kinds: `(values ('morning', time '07:00'), ('anytime', time '15:00')) k(kind, at)`,
       when: `(k.kind = 'morning' or (m.ordinal * 31 + extract(doy from d)::int) % 3 = 0)`,
     })}`,
  );
}

/** The daily rollups of organisations `from`..`to`, computed from their readings as ingestion does. */
export async function insertRollups(db: Database, from: number, to: number) {
  await run(
    db,
    `insert into member_daily_rollups (org_id, account_id, day, rmssd_sum, rmssd_count,
       readings_count, morning_count, anytime_count, last_taken_at)
     select r.org_id, r.account_id, (r.taken_at at time zone o.tz)::date,
       coalesce(sum(r.rmssd) filter (where r.quality = 'good' and r.rmssd is not null), 0),
       count(*) filter (where r.quality = 'good' and r.rmssd is not null),
       count(*), count(*) filter (where r.kind = 'morning'),
       count(*) filter (where r.kind = 'anytime'), max(r.taken_at)
     from readings r join bench_orgs o on o.org_id = r.org_id
     where o.n between ${from} and ${to}
     group by 1, 2, 3
     order by 1, 2, 3`,
  );
}

/**
 * A year of breathing sessions of the members of organisations `from`..`to`, none in the future:
 * biofeedback around 12:00 local time on about a quarter of the days, mindfulness around 19:00 on
 * about a seventh, self-compassion around 21:00 on about one day in thirty; 10 minutes at 6
 * breaths a minute, metrics around the member's own level.
 */
export async function insertSessions(db: Database, from: number, to: number) {
  await run(
    db,
    `insert into hrv_sessions (id, org_id, account_id, client_id, kind, name, started_at,
       breaths_per_minute, session_minutes, rr_ms, oz_ses_avg_percentage,
       optimal_zone_session_average, quality, beats, duration_s, artifact_percent, mean_nni,
       median_nni, range_nni, sdnn, rmssd, sdsd, pnn50, mean_hr, min_hr, max_hr, min_max, vlf,
       lf, hf, total_power, lf_hf, created_at)
     select
       ${sequentialId('bench_session_seq', '00000000-0000-4000-9000-')},
       org_id, account_id, 'bench-' || kind || '-' || day, kind::session_kind,
       case kind when 'biofeedback' then 'Resonance' when 'mindfulness' then 'Body scan'
         else 'Kindness' end,
       started_at, 6, 10, '\\x0000fa43'::bytea, 40 + 50 * noise, 60 + 30 * noise,
       'good'::quality, round(600 * 60000 / nni)::int, 600, 2 * noise, nni,
       nni + 5 * (noise - 0.5), 300 + rmssd * 4, rmssd * 1.6, rmssd, rmssd * 1.01,
       least(60, rmssd * 0.7), 60000 / nni, 60000 / nni - 10, 60000 / nni + 14,
       30 + rmssd * 0.5, 300 + 10 * rmssd, 1500 + 60 * rmssd, rmssd * rmssd * 0.5,
       1800 + 70 * rmssd + rmssd * rmssd * 0.5, (1500 + 60 * rmssd) / (rmssd * rmssd * 0.5),
       started_at
     ${memberDayRecordings({
       from,
       to,
       timeColumn: 'started_at',
       minuteStep: 17,
       minuteSpread: 60,
       columns: `random() as noise,
         greatest(8, m.base_rmssd * 1.2 + 12 * (random() - 0.5)) as rmssd,
         1000 - m.base_rmssd + 60 * random() as nni`,
       kinds: `(values ('biofeedback', time '12:00', 4), ('mindfulness', time '19:00', 7),
         ('self_compassion', time '21:00', 30)) k(kind, at, every)`,
       when: '(m.ordinal * 13 + extract(doy from d)::int) % k.every = 0',
     })}`,
  );
}

/**
 * member_active_days and org_daily_activity of organisations `from`..`to`, as the ingests of their
 * readings and sessions would have left them: a member's day is their readings' daily rollup or a
 * day with a session (in the organisation's time zone), and each organisation's day counts its
 * members once and adds up what they recorded.
 */
export async function insertActivity(db: Database, from: number, to: number) {
  await run(
    db,
    `with batch as (select org_id, tz from bench_orgs where n between ${from} and ${to}),
     member_days as (
       select org_id, account_id, day, sum(readings) as readings, sum(morning) as morning,
         sum(anytime) as anytime, sum(biofeedback) as biofeedback,
         sum(mindfulness) as mindfulness, sum(self_compassion) as self_compassion
       from (
         select r.org_id, r.account_id, r.day, r.readings_count as readings,
           r.morning_count as morning, r.anytime_count as anytime, 0 as biofeedback,
           0 as mindfulness, 0 as self_compassion
         from member_daily_rollups r join batch b on b.org_id = r.org_id
         union all
         select s.org_id, s.account_id, (s.started_at at time zone b.tz)::date, 0, 0, 0,
           (s.kind = 'biofeedback')::int, (s.kind = 'mindfulness')::int,
           (s.kind = 'self_compassion')::int
         from hrv_sessions s join batch b on b.org_id = s.org_id
       ) recorded
       group by 1, 2, 3
     ),
     active_days as (
       insert into member_active_days (org_id, account_id, day)
       select org_id, account_id, day from member_days order by 1, 2, 3
     )
     insert into org_daily_activity (org_id, day, active_members, readings_count, morning_count,
       anytime_count, biofeedback_count, mindfulness_count, self_compassion_count)
     select org_id, day, count(*), sum(readings), sum(morning), sum(anytime), sum(biofeedback),
       sum(mindfulness), sum(self_compassion)
     from member_days
     group by 1, 2
     order by 1, 2`,
  );
}

/** Every member's last activity: the time and kind of their latest reading or session. */
export async function updateLastActivity(db: Database) {
  await run(
    db,
    `update org_memberships m set last_activity_at = l.at, last_activity_type = l.kind
     from (
       select m.org_id, m.account_id, latest.at, latest.kind
       from org_memberships m
       cross join lateral (
         select * from (
           (select r.taken_at as at, r.kind::text as kind from readings r
             where r.org_id = m.org_id and r.account_id = m.account_id
             order by r.taken_at desc limit 1)
           union all
           (select s.started_at, s.kind::text from hrv_sessions s
             where s.org_id = m.org_id and s.account_id = m.account_id
             order by s.started_at desc limit 1)
         ) recorded
         order by at desc
         limit 1
       ) latest
     ) l
     where m.org_id = l.org_id and m.account_id = l.account_id`,
  );
}

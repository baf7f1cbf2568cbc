/**
 * Builds the benchmark platform of `npm run bench:analytics` and `npm run bench:admin` with bulk
 * SQL (`insert … select from generate_series`): one big organisation of 1,000 members with a year
 * of morning readings plus anytime readings on about a third of the days, and many smaller
 * organisations (10–30 members, same habits) up to about 5 million readings in all. Members also
 * record breathing sessions: biofeedback on about a quarter of the days, mindfulness on about a
 * seventh, self-compassion on about one day in thirty.
 *
 * FOR THE BENCHMARK ONLY: the rows do not go through the ingestion service (5 million recordings
 * through packages/hrv and one transaction each would take hours). The metric columns hold
 * plausible values drawn by SQL, the raw series is a 4-byte placeholder (no benchmarked route
 * reads it), about 3 % of the readings are flagged low quality, and the rollups are computed by SQL
 * from the inserted rows with the same sums and counts the ingestion services add up:
 * `member_daily_rollups` from the readings (good-quality RMSSD only in rmssd_sum/rmssd_count; every
 * reading in readings_count and the per-kind counts; the day in the organisation's time zone; its
 * triggers fill member_rollup_totals as in production), `member_active_days` and
 * `org_daily_activity` from the readings and sessions (a member counted once per day in
 * active_members), and each member's `last_activity_at/type` from their latest recording. The
 * big organisation also gets what the reports read (`npm run bench:reports`): per-minute rows,
 * optimal-zone samples (about 1 in 10 without, as with Optimal Zone off) and a breathing pattern for
 * its biofeedback and mindfulness sessions, and a platform tag on about a quarter of its readings
 * and a third of those sessions. To
 * load fast, the secondary indexes of the bulk-loaded tables are dropped first and recreated
 * afterwards from their own definitions (so the schema ends up exactly as migrated), and readings
 * and sessions get ids in insertion order instead of random ones.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

export const BIG_ORG_NAME = 'Bench Big Org';
const BIG_ORG_MEMBERS = 1000;
const BIG_ORG_GROUPS = 20;
/** Small organisations at full scale: with the big one, about 5 million readings. */
export const SMALL_ORGS_AT_FULL_SCALE = 550;
const SMALL_ORG_GROUPS = 2;
const DAYS = 365;
const TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Asia/Kolkata',
  'America/Los_Angeles',
  'Australia/Sydney',
];
/** Organisations per bulk statement: small enough to show progress, big enough to stay fast. */
const ORGS_PER_BATCH = 40;

export type PlatformSummary = {
  orgs: number;
  members: number;
  readings: number;
  rollups: number;
  sessions: number;
  activeDays: number;
  orgDays: number;
};

const run = (db: Database, text: string) => db.execute(sql.raw(text));

/**
 * Fills an empty, migrated database: organisations, groups (Default + named), accounts with
 * profiles (mixed genders, ages 20–75), memberships, readings, sessions and the rollups ingestion
 * keeps.
 */
export async function buildPlatform(
  db: Database,
  smallOrgs: number,
  log: (message: string) => void,
): Promise<PlatformSummary> {
  // Helper tables of the benchmark database only; the app never reads them.
  await run(
    db,
    `create table bench_orgs (n int primary key, org_id uuid not null, size int not null,
       groups int not null, tz text not null)`,
  );
  await run(
    db,
    `insert into bench_orgs (n, org_id, size, groups, tz)
     select n, gen_random_uuid(),
       case when n = 0 then ${BIG_ORG_MEMBERS} else 10 + (n * 7) % 21 end,
       case when n = 0 then ${BIG_ORG_GROUPS} else ${SMALL_ORG_GROUPS} end,
       case when n = 0 then 'America/New_York'
         else (array['${TIME_ZONES.join("','")}'])[1 + n % ${TIME_ZONES.length}] end
     from generate_series(0, ${smallOrgs}) n`,
  );
  await run(
    db,
    `insert into organisations (id, name, unique_name, time_zone)
     select org_id, case when n = 0 then '${BIG_ORG_NAME}' else 'Bench Org ' || n end,
       case when n = 0 then 'Bench-Big-Org' else 'Bench-Org-' || n end, tz
     from bench_orgs`,
  );
  await run(
    db,
    `insert into groups (org_id, name, is_default)
     select org_id, 'Default', true from bench_orgs
     union all
     select org_id, 'Team ' || lpad(g::text, 2, '0'), false
     from bench_orgs cross join lateral generate_series(1, groups) g`,
  );
  await run(
    db,
    `create table bench_members (account_id uuid primary key, org_id uuid not null, n int not null,
       ordinal int not null, tz text not null, base_rmssd float8 not null)`,
  );
  await run(
    db,
    `insert into bench_members
     select gen_random_uuid(), o.org_id, o.n, m, o.tz, 18 + ((m * 37 + o.n * 11) % 60)
     from bench_orgs o cross join lateral generate_series(1, o.size) m`,
  );
  await run(
    db,
    `insert into accounts (id, email, password_hash)
     select account_id, 'bench-' || n || '-' || ordinal || '@bench.test', 'no-password'
     from bench_members`,
  );
  await run(
    db,
    `insert into profiles (account_id, first_name, last_name, gender, birth_date)
     select account_id, 'Member', 'No ' || lpad(ordinal::text, 4, '0'),
       (case when ordinal % 20 = 0 then 'Others' when ordinal % 20 = 10 then 'Prefer not to disclose'
         when ordinal % 2 = 0 then 'Female' else 'Male' end)::gender,
       date '1950-01-01' + ((ordinal * 7919 + n * 104729) % 20000)
     from bench_members`,
  );
  await run(
    db,
    `insert into org_memberships (org_id, account_id) select org_id, account_id from bench_members`,
  );
  await run(
    db,
    `insert into group_memberships (org_id, group_id, account_id)
     select m.org_id, g.id, m.account_id
     from bench_members m join bench_orgs o on o.org_id = m.org_id
     join groups g on g.org_id = m.org_id
       and (g.is_default or g.name = 'Team ' || lpad((1 + m.ordinal % o.groups)::text, 2, '0'))`,
  );

  // Loading into indexed tables costs several times more than indexing once at the end: the
  // secondary indexes are dropped and then recreated from their own definitions, unchanged.
  const indexes = await secondaryIndexes(db, [
    'readings',
    'member_daily_rollups',
    'hrv_sessions',
    'member_active_days',
    'org_daily_activity',
    'hrv_session_minutes',
    'hrv_session_tags',
    'reading_tags',
  ]);
  for (const index of indexes) await run(db, `drop index ${index.name}`);
  await run(db, 'create sequence bench_reading_seq');
  await run(db, 'create sequence bench_session_seq');
  for (let from = 0; from <= smallOrgs; from += ORGS_PER_BATCH) {
    const to = Math.min(from + ORGS_PER_BATCH - 1, smallOrgs);
    await insertReadings(db, from, to);
    await insertRollups(db, from, to);
    await insertSessions(db, from, to);
    await insertActivity(db, from, to);
    log(`  organisations ${from}–${to} of ${smallOrgs}: readings, sessions and rollups inserted`);
  }
  await insertBigOrgReportDetails(db);
  log('  big organisation: session minutes, optimal-zone samples and tags inserted');
  log(`  recreating ${indexes.length} indexes`);
  for (const index of indexes) await run(db, index.definition);
  await updateLastActivity(db);
  await run(db, 'vacuum analyze');

  const count = async (table: string) => {
    const result = (await db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  };
  return {
    orgs: smallOrgs + 1,
    members: await count('bench_members'),
    readings: await count('readings'),
    rollups: await count('member_daily_rollups'),
    sessions: await count('hrv_sessions'),
    activeDays: await count('member_active_days'),
    orgDays: await count('org_daily_activity'),
  };
}

/** The indexes of these tables other than those behind constraints (primary keys). */
async function secondaryIndexes(db: Database, tables: string[]) {
  const result = (await db.execute(
    sql.raw(`select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('${tables.join("','")}')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
  )) as unknown as { rows: { name: string; definition: string }[] };
  return result.rows;
}

/**
 * A year of readings of the members of organisations `from`..`to`: a morning reading every day
 * around 07:00 local time, an anytime reading around 15:00 on about a third of the days, none in
 * the future. RMSSD wanders around each member's own level; the other metrics follow from it.
 */
async function insertReadings(db: Database, from: number, to: number) {
  await run(
    db,
    `insert into readings (id, org_id, account_id, client_id, taken_at, kind, rr_ms, quality,
       beats, duration_s, artifact_percent, mean_nni, median_nni, range_nni, sdnn, rmssd, sdsd,
       pnn50, mean_hr, min_hr, max_hr, min_max, vlf, lf, hf, total_power, lf_hf, created_at)
     select
       -- Ids in insertion order (random ones would make every insert a random primary-key write).
       ('00000000-0000-4000-8000-' || lpad(to_hex(nextval('bench_reading_seq')), 12, '0'))::uuid,
       org_id, account_id, 'bench-' || kind || '-' || day, taken_at, kind::reading_kind,
       '\\x0000fa43'::bytea,
       (case when low then 'low' else 'good' end)::quality,
       round(300 * 60000 / nni)::int, 300, case when low then 8 + 10 * noise else 2 * noise end,
       nni, nni + 5 * (noise - 0.5), 250 + rmssd * 3, rmssd * 1.3, rmssd, rmssd * 1.01,
       least(60, rmssd * 0.6), 60000 / nni, 60000 / nni - 8, 60000 / nni + 12, 20 + rmssd * 0.4,
       400 + 20 * rmssd, 500 + 25 * rmssd, rmssd * rmssd * 0.8,
       900 + 45 * rmssd + rmssd * rmssd * 0.8, (500 + 25 * rmssd) / (rmssd * rmssd * 0.8),
       taken_at
     from (select * from (
       select m.org_id, m.account_id, k.kind, d::date as day,
         ((d::date + k.at + make_interval(mins => (m.ordinal * 13 + extract(doy from d)::int) % 90))
           at time zone m.tz) as taken_at,
         random() < 0.03 as low,
         random() as noise,
         greatest(8, m.base_rmssd * (1 + 0.15 * sin(extract(epoch from d) / 604800.0 + m.ordinal))
           + 12 * (random() - 0.5)) as rmssd,
         1000 - m.base_rmssd + 60 * random() as nni
       from bench_members m
       cross join generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') d
       cross join (values ('morning', time '07:00'), ('anytime', time '15:00')) k(kind, at)
       where m.n between ${from} and ${to}
         and (k.kind = 'morning' or (m.ordinal * 31 + extract(doy from d)::int) % 3 = 0)
     ) r
     where taken_at <= now()
     order by account_id, taken_at) ordered`,
  );
}

/** The daily rollups of organisations `from`..`to`, computed from their readings as ingestion does. */
async function insertRollups(db: Database, from: number, to: number) {
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
async function insertSessions(db: Database, from: number, to: number) {
  await run(
    db,
    `insert into hrv_sessions (id, org_id, account_id, client_id, kind, name, started_at,
       breaths_per_minute, session_minutes, rr_ms, oz_ses_avg_percentage,
       optimal_zone_session_average, quality, beats, duration_s, artifact_percent, mean_nni,
       median_nni, range_nni, sdnn, rmssd, sdsd, pnn50, mean_hr, min_hr, max_hr, min_max, vlf,
       lf, hf, total_power, lf_hf, created_at)
     select
       ('00000000-0000-4000-9000-' || lpad(to_hex(nextval('bench_session_seq')), 12, '0'))::uuid,
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
     from (select * from (
       select m.org_id, m.account_id, k.kind, d::date as day,
         ((d::date + k.at + make_interval(mins => (m.ordinal * 17 + extract(doy from d)::int) % 60))
           at time zone m.tz) as started_at,
         random() as noise,
         greatest(8, m.base_rmssd * 1.2 + 12 * (random() - 0.5)) as rmssd,
         1000 - m.base_rmssd + 60 * random() as nni
       from bench_members m
       cross join generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') d
       cross join (values ('biofeedback', time '12:00', 4), ('mindfulness', time '19:00', 7),
         ('self_compassion', time '21:00', 30)) k(kind, at, every)
       where m.n between ${from} and ${to}
         and (m.ordinal * 13 + extract(doy from d)::int) % k.every = 0
     ) s
     where started_at <= now()
     order by account_id, started_at) ordered`,
  );
}

/**
 * member_active_days and org_daily_activity of organisations `from`..`to`, as the ingests of their
 * readings and sessions would have left them: a member's day is their readings' daily rollup or a
 * day with a session (in the organisation's time zone), and each organisation's day counts its
 * members once and adds up what they recorded.
 */
async function insertActivity(db: Database, from: number, to: number) {
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

/**
 * What the reports read of the big organisation, beyond the session averages and readings: each
 * biofeedback and mindfulness session's per-minute rows (metrics around the session's own), its
 * optimal-zone samples (one every 5 s as the app sends them: `{oz, ts}` pairs for biofeedback,
 * plain scores with `reportStartTime` for mindfulness; about 1 in 10 sessions without any) and the
 * biofeedback breathing pattern, and a platform tag on about a quarter of the readings and a third
 * of those sessions. Only the big organisation: the whole platform's sessions would add about
 * 16 million minute rows that no benchmark reads.
 */
async function insertBigOrgReportDetails(db: Database) {
  const bigOrgSessions = `select s.* from hrv_sessions s
    join bench_orgs o on o.org_id = s.org_id and o.n = 0
    where s.kind in ('biofeedback', 'mindfulness')`;
  const platformTag = (key: string) =>
    `(select id from tags where org_id is null order by name
      offset abs(hashtext(${key})) % (select count(*) from tags where org_id is null) limit 1)`;
  await run(
    db,
    `update hrv_sessions s set
       breath_time = case when s.kind = 'biofeedback' then '{"name": "Resonance 5.5",
         "inhalePercentage": 45, "exhalePercentage": 55, "inhaleSeconds": 4.9,
         "exhaleSeconds": 6, "defaultTotalMinutes": 10}'::jsonb end,
       optimal_zone_samples = case
         when abs(hashtext(s.id::text)) % 10 = 0 then null
         when s.kind = 'biofeedback' then jsonb_build_object('kind', 'biofeedback', 'values',
           (select jsonb_agg(jsonb_build_object('oz', round(least(100, greatest(0,
              s.oz_ses_avg_percentage + 40 * (random() - 0.5))))::int, 'ts', i * 5) order by i)
            from generate_series(1, (s.session_minutes * 12)::int) i))
         else jsonb_build_object('kind', 'mindfulness', 'values',
           (select jsonb_agg(round(least(100, greatest(0,
              s.oz_ses_avg_percentage + 40 * (random() - 0.5))))::int order by i)
            from generate_series(1, (s.session_minutes * 12)::int) i),
           'reportStartTime', to_char(s.started_at at time zone 'UTC',
             'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       end
     from (${bigOrgSessions}) b
     where s.id = b.id`,
  );
  await run(db, 'create sequence bench_minute_seq');
  await run(
    db,
    `insert into hrv_session_minutes (id, org_id, session_id, count_time, beats, duration_s,
       artifact_percent, mean_nni, median_nni, range_nni, sdnn, rmssd, sdsd, pnn50, mean_hr,
       min_hr, max_hr, min_max, vlf, lf, hf, total_power, lf_hf)
     select
       ('00000000-0000-4000-a000-' || lpad(to_hex(nextval('bench_minute_seq')), 12, '0'))::uuid,
       org_id, id, minute, round(60 * 60000 / nni)::int, 60, artifact_percent, nni, nni + 3,
       range_nni * 0.8, sdnn * f, rmssd * f, sdsd * f, pnn50 * f, 60000 / nni, min_hr + 2,
       max_hr - 2, min_max * f, vlf * f, lf * f, hf * f, total_power * f, lf_hf
     from (
       select s.*, m as minute, s.mean_nni + 20 * (random() - 0.5) as nni,
         0.8 + 0.4 * random() as f
       from (${bigOrgSessions}) s
       cross join generate_series(1, s.session_minutes::int) m
     ) minutes
     order by id, minute`,
  );
  await run(
    db,
    `insert into hrv_session_tags (org_id, session_id, tag_id)
     select s.org_id, s.id, ${platformTag("s.id::text || 'tag'")}
     from (${bigOrgSessions}) s
     where abs(hashtext(s.id::text)) % 3 = 0
     order by s.id`,
  );
  await run(
    db,
    `insert into reading_tags (org_id, reading_id, tag_id)
     select r.org_id, r.id, ${platformTag("r.id::text || 'tag'")}
     from readings r join bench_orgs o on o.org_id = r.org_id and o.n = 0
     where abs(hashtext(r.id::text)) % 4 = 1
     order by r.id`,
  );
}

/** Every member's last activity: the time and kind of their latest reading or session. */
async function updateLastActivity(db: Database) {
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

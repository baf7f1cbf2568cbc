/** The big organisation's report details on the benchmark platform (analytics-platform.ts). */
import type { Database } from '../src/db/client.ts';
import { run, sequentialId } from './platform-sql.ts';

/**
 * What the reports read of the big organisation, beyond the session averages and readings: each
 * biofeedback and mindfulness session's per-minute rows (metrics around the session's own), its
 * optimal-zone samples (one every 5 s as the app sends them: `{oz, ts}` pairs for biofeedback,
 * plain scores with `reportStartTime` for mindfulness; about 1 in 10 sessions without any) and the
 * biofeedback breathing pattern, and a platform tag on about a quarter of the readings and a third
 * of those sessions. Only the big organisation: the whole platform's sessions would add about
 * 16 million minute rows that no benchmark reads.
 */
export async function insertBigOrgReportDetails(db: Database) {
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
       ${sequentialId('bench_minute_seq', '00000000-0000-4000-a000-')},
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

/**
 * The organisation of `npm run bench:reports`' CSV export: one member with 1,000,000 readings
 * (one every 5 minutes, about 9.5 years back from now) and an org admin to sign in as, beside the
 * analytics platform in the same database, built once and then reused. Bulk SQL as in
 * analytics-platform.ts, FOR THE BENCHMARK ONLY: no ingestion, plausible metrics, a placeholder RR
 * series, about 3 % of the readings low quality, no tags; no rollups or activity rows (the reports
 * do not read them, so the admin's top organisations shows this organisation with no activity).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { addMember, createAccount, createOrg } from '../test/factories.ts';
import { rows } from './bench-harness.ts';

export const CSV_READINGS = 1_000_000;
const CSV_ORG_NAME = 'Bench Csv Org';
export const CSV_ADMIN = { email: 'bench-csv-admin@bench.test', password: 'Bench#CsvAdmin1' };

type CsvOrg = { memberId: string; from: string; to: string };

/** The CSV organisation's member and the days their readings span, built first when missing. */
export async function prepareCsvOrg(db: Database, log: (message: string) => void): Promise<CsvOrg> {
  const existing = await findCsvMember(db);
  if (existing && existing.readings === CSV_READINGS) return existing;
  if (existing) throw new Error(`'${CSV_ORG_NAME}' is incomplete: BENCH_REBUILD=1 builds it again`);

  log(`building '${CSV_ORG_NAME}': one member with ${CSV_READINGS.toLocaleString('en')} readings…`);
  const started = performance.now();
  const org = await createOrg(db, { name: CSV_ORG_NAME });
  const admin = await createAccount(db, { ...CSV_ADMIN, firstName: 'Bench', lastName: 'CsvAdmin' });
  const member = await createAccount(db, {
    email: 'bench-csv-member@bench.test',
    firstName: 'Csv',
    lastName: 'Member',
  });
  await addMember(db, org.id, admin.id, { orgAdmin: true });
  await addMember(db, org.id, member.id, { groups: [{ groupId: org.defaultGroupId }] });
  await db.execute(sql`
    insert into readings (id, org_id, account_id, client_id, taken_at, kind, rr_ms, quality,
      beats, duration_s, artifact_percent, mean_nni, median_nni, range_nni, sdnn, rmssd, sdsd,
      pnn50, mean_hr, min_hr, max_hr, min_max, vlf, lf, hf, total_power, lf_hf, created_at)
    select
      ('00000000-0000-4000-b000-' || lpad(to_hex(i), 12, '0'))::uuid, ${org.id}, ${member.id},
      'bench-csv-' || i, taken_at, (case when i % 3 = 0 then 'anytime' else 'morning' end)::reading_kind,
      '\\x0000fa43'::bytea, (case when i % 33 = 0 then 'low' else 'good' end)::quality,
      round(300 * 60000 / nni)::int, 300, 2 * random(), nni, nni + 3, 250 + rmssd * 3,
      rmssd * 1.3, rmssd, rmssd * 1.01, least(60, rmssd * 0.6), 60000 / nni, 60000 / nni - 8,
      60000 / nni + 12, 20 + rmssd * 0.4, 400 + 20 * rmssd, 500 + 25 * rmssd,
      rmssd * rmssd * 0.8, 900 + 45 * rmssd + rmssd * rmssd * 0.8,
      (500 + 25 * rmssd) / (rmssd * rmssd * 0.8), taken_at
    from (
      -- Whole seconds, as the app's times are (a CSV batch ends on a JavaScript Date: ms).
      select i, date_trunc('second', now()) - make_interval(mins => 5 * (${CSV_READINGS} - i))
          as taken_at,
        20 + 40 * random() as rmssd, 900 + 100 * random() as nni
      from generate_series(1, ${CSV_READINGS}) i
    ) r
    order by i`);
  await db.execute(sql`analyze readings`);
  log(`  built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const built = await findCsvMember(db);
  if (built?.readings !== CSV_READINGS) throw new Error(`'${CSV_ORG_NAME}' was not built`);
  return built;
}

async function findCsvMember(db: Database) {
  const [member] = await rows<CsvOrg & { readings: number }>(
    db,
    sql`
    select m.account_id as "memberId", count(r.id)::int as readings,
      to_char(min(r.taken_at) at time zone 'UTC', 'YYYY-MM-DD') as "from",
      to_char(max(r.taken_at) at time zone 'UTC', 'YYYY-MM-DD') as "to"
    from organisations o
    join org_memberships m on m.org_id = o.id and m.role = 'member'
    left join readings r on r.org_id = o.id and r.account_id = m.account_id
    where o.name = ${CSV_ORG_NAME}
    group by m.account_id`,
  );
  return member ?? null;
}

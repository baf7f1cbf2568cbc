/**
 * The people of the benchmark platform (analytics-platform.ts): organisations, their groups
 * (Default + named teams), accounts with profiles (mixed genders, ages 20–75) and memberships.
 */
import type { Database } from '../src/db/client.ts';
import { run } from './platform-sql.ts';

export const BIG_ORG_NAME = 'Bench Big Org';
const BIG_ORG_MEMBERS = 1000;
const BIG_ORG_GROUPS = 20;
const SMALL_ORG_GROUPS = 2;
const TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Asia/Kolkata',
  'America/Los_Angeles',
  'Australia/Sydney',
];

/**
 * The big organisation (number 0) and `smallOrgs` small ones with their members, also kept in the
 * helper tables bench_orgs and bench_members of the benchmark database only (the app never reads
 * them) that the recordings are drawn from.
 */
export async function insertOrganisationsAndMembers(db: Database, smallOrgs: number) {
  await insertOrganisations(db, smallOrgs);
  await insertMembers(db);
}

async function insertOrganisations(db: Database, smallOrgs: number) {
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
}

async function insertMembers(db: Database) {
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
}

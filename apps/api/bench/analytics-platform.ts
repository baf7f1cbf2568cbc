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
import type { Database } from '../src/db/client.ts';
import { insertOrganisationsAndMembers } from './platform-members.ts';
import {
  insertActivity,
  insertReadings,
  insertRollups,
  insertSessions,
  updateLastActivity,
} from './platform-recordings.ts';
import { insertBigOrgReportDetails } from './platform-report-details.ts';
import { queryRows, run } from './platform-sql.ts';

/** Small organisations at full scale: with the big one, about 5 million readings. */
export const SMALL_ORGS_AT_FULL_SCALE = 550;
/** Organisations per bulk statement: small enough to show progress, big enough to stay fast. */
const ORGS_PER_BATCH = 40;
const BULK_LOADED_TABLES = [
  'readings',
  'member_daily_rollups',
  'hrv_sessions',
  'member_active_days',
  'org_daily_activity',
  'hrv_session_minutes',
  'hrv_session_tags',
  'reading_tags',
];

export type PlatformSummary = {
  orgs: number;
  members: number;
  readings: number;
  rollups: number;
  sessions: number;
  activeDays: number;
  orgDays: number;
};

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
  await insertOrganisationsAndMembers(db, smallOrgs);
  // Loading into indexed tables costs several times more than indexing once at the end: the
  // secondary indexes are dropped and then recreated from their own definitions, unchanged.
  const indexes = await secondaryIndexes(db, BULK_LOADED_TABLES);
  for (const index of indexes) await run(db, `drop index ${index.name}`);
  await insertRecordings(db, smallOrgs, log);
  log(`  recreating ${indexes.length} indexes`);
  for (const index of indexes) await run(db, index.definition);
  await updateLastActivity(db);
  await run(db, 'vacuum analyze');
  return summarise(db, smallOrgs);
}

async function insertRecordings(db: Database, smallOrgs: number, log: (message: string) => void) {
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
}

async function summarise(db: Database, smallOrgs: number): Promise<PlatformSummary> {
  const count = async (table: string) => {
    const rows = await queryRows<{ n: number }>(db, `select count(*)::int as n from ${table}`);
    return Number(rows[0]?.n ?? 0);
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
function secondaryIndexes(db: Database, tables: string[]) {
  return queryRows<{ name: string; definition: string }>(
    db,
    `select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('${tables.join("','")}')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
}

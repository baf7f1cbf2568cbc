import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import { csvSafe } from '@resonant/contracts/csv-safety';
import { type MemberReading } from '@resonant/contracts/reports';
import {
  READINGS_CSV_COLUMNS,
  SESSIONS_CSV_COLUMNS,
  reportCsvFileName,
  type ReadingsCsvParams,
  type SessionsCsvParams,
} from '@resonant/contracts/reports-csv';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { AppDeps } from '../../app-deps.ts';
import { requireReach, type ReachScope, type TenantScope } from '../../kernel/scope.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { csvStream, type CsvDownload, type CsvRecord } from '../../lib/csv-download.ts';
import type { PresentedTag } from '../../lib/offered-tags.ts';
import { auditHealthData } from './health-data-audit.ts';
import { keysetPages } from './keyset-pages.ts';
import {
  historyPages,
  prepareMemberHistory,
  presentHistoryRows,
  type HistoryRow,
} from './reading-history.service.ts';
import { membersWithin, withOrgTimeZone } from './reports.queries.ts';
import { offeredTagIds } from './reports.service.ts';
import { sessionRows, sessionTagsOf, type SessionKey } from './session-history.queries.ts';
import { sessionFilter } from './session-history.service.ts';

type Deps = Pick<AppDeps, 'db'>;

/** Rows read per statement: memory stays flat whatever the range or the number of members. */
const CSV_BATCH_ROWS = 1000;

/**
 * The members a download covers: the picked ones in the order given, each within the caller's
 * reach (else 404 before anything is sent), or every member of the reach by name.
 */
async function csvMembers(
  db: Database,
  reach: ReachScope,
  query: { members: 'picked' | 'all'; user_ids?: string[] | undefined },
): Promise<string[]> {
  if (query.members === 'all') return (await membersWithin(db, reach)).map((member) => member.id);
  const picked = [...new Set(query.user_ids ?? [])];
  const found = new Set((await membersWithin(db, reach, picked)).map((member) => member.id));
  if (picked.some((id) => !found.has(id))) throw notFound(USER_NOT_FOUND_MESSAGE);
  return picked;
}

const joined = (tags: readonly PresentedTag[], part: (tag: PresentedTag) => string) =>
  tags.map(part).join(';');

/** The tags' names joined with `;`, each made formula-safe, as a reader splitting them sees it. */
const tagNames = (tags: readonly PresentedTag[]) => joined(tags, (tag) => csvSafe(tag.tag_name));

/** A band's share of total power in percent, rounded; empty without a positive total. */
function percentOf(band: number | null, total: number | null): number | null {
  if (band === null || total === null || total <= 0) return null;
  return finiteOrNull(Math.round((100 * band) / total));
}

/** One line of text about a row, as the chart's tooltip says it (local time of the org). */
function tooltipText(row: HistoryRow, reading: MemberReading, averaged: boolean): string {
  const parts = [
    averaged ? `${row.localTime} · Mean of ${reading.readings_count} readings` : row.localTime,
    reading.rmssd === null ? 'RMSSD –' : `RMSSD ${reading.rmssd.toFixed(1)} ms`,
  ];
  if (reading.quality === 'low') parts.push('Low quality');
  if (reading.tags.length > 0)
    parts.push(`Tags: ${reading.tags.map((t) => t.tag_name).join(', ')}`);
  return parts.join(' · ');
}

function readingRecord(row: HistoryRow, reading: MemberReading, averaged: boolean): CsvRecord {
  const time = reading.time_domain;
  const frequency = reading.frequency_domain;
  return {
    userId: reading.userId,
    dateTime: reading.dateTime,
    readingResult: reading.reading_result,
    tooltipText: csvSafe(tooltipText(row, reading, averaged)),
    tagId: joined(reading.tags, (tag) => tag.id),
    tagName: tagNames(reading.tags),
    rmssd: reading.rmssd,
    sdnn: time.sdnn,
    minMax: time.minMax,
    meanNni: time.mean_nni,
    medianNni: time.median_nni,
    rangeNni: time.range_nni,
    totalPower: frequency.total_power,
    hf: frequency.hf,
    lf: frequency.lf,
    vlf: frequency.vlf,
    'HF%': percentOf(frequency.hf, frequency.total_power),
    'LF%': percentOf(frequency.lf, frequency.total_power),
    'VLF%': percentOf(frequency.vlf, frequency.total_power),
    meanHr: time.mean_hr,
    maxHr: time.max_hr,
    minHr: time.min_hr,
  };
}

/**
 * GET /api/reports/readings.csv: the readings history of the members, one after another, oldest
 * first, with the JSON route's filters and grouping (a member's row count is its noOfRows).
 */
export async function readingsCsv(
  { db }: Deps,
  scope: TenantScope,
  query: ReadingsCsvParams,
): Promise<CsvDownload> {
  // Read once: its thousand batch statements then carry the time zone as a value.
  const reach = await withOrgTimeZone(db, requireReach(scope));
  const members = await csvMembers(db, reach, query);
  const tagIds = await offeredTagIds(db, reach, query.tag_ids);
  await auditHealthData(db, scope, 'health-data.export', members, {
    report: 'readings',
    format: 'csv',
    members: query.members,
    from: query.from,
    to: query.to,
  });
  async function* records(): AsyncGenerator<CsvRecord> {
    for (const accountId of members) {
      const history = await prepareMemberHistory(db, reach, accountId, query, tagIds);
      if (history.total === 0) continue;
      const averaged = history.groupBy === 'average';
      for await (const rows of historyPages(db, reach, history, CSV_BATCH_ROWS)) {
        const readings = await presentHistoryRows(db, reach, history, rows);
        for (const [index, row] of rows.entries())
          yield readingRecord(row, readings[index]!, averaged);
      }
    }
  }
  return {
    fileName: reportCsvFileName('readings', query),
    body: await csvStream(READINGS_CSV_COLUMNS, records()),
  };
}

type SessionRow = Awaited<ReturnType<typeof sessionRows>>[number];

function sessionRecord(row: SessionRow, tags: readonly PresentedTag[]): CsvRecord {
  const m = row.metrics;
  const breath = row.breathTime;
  return {
    userId: row.accountId,
    sessionId: row.id,
    dateTime: row.startedAt.toISOString(),
    sessionName: csvSafe(row.name),
    sessionMinutes: finiteOrNull(row.sessionMinutes),
    breathsPerMinute: finiteOrNull(row.breathsPerMinute),
    breathName: breath ? csvSafe(breath.name) : null,
    inhaleSeconds: finiteOrNull(breath?.inhaleSeconds),
    exhaleSeconds: finiteOrNull(breath?.exhaleSeconds),
    inhalePercentage: finiteOrNull(breath?.inhalePercentage),
    exhalePercentage: finiteOrNull(breath?.exhalePercentage),
    ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(row.optimalZoneSessionAverage),
    rmssd: finiteOrNull(m.rmssd),
    sdnn: finiteOrNull(m.sdnn),
    minMax: finiteOrNull(m.minMax),
    meanHr: finiteOrNull(m.meanHr),
    lf: finiteOrNull(m.lf),
    hf: finiteOrNull(m.hf),
    vlf: finiteOrNull(m.vlf),
    totalPower: finiteOrNull(m.totalPower),
    quality: row.quality,
    tagId: joined(tags, (tag) => tag.id),
    tagName: tagNames(tags),
  };
}

/**
 * GET /api/reports/sessions.csv: the members' sessions of a type, one row each, oldest first, with
 * their averages, breathing settings, optimal-zone figures and tags.
 */
export async function sessionsCsv(
  { db }: Deps,
  scope: TenantScope,
  query: SessionsCsvParams,
): Promise<CsvDownload> {
  // Read once: its thousand batch statements then carry the time zone as a value.
  const reach = await withOrgTimeZone(db, requireReach(scope));
  const members = await csvMembers(db, reach, query);
  const filter = sessionFilter(query.type, query, await offeredTagIds(db, reach, query.tag_ids));
  await auditHealthData(db, scope, 'health-data.export', members, {
    report: 'sessions',
    type: query.type,
    format: 'csv',
    members: query.members,
    from: query.from,
    to: query.to,
  });
  async function* records(): AsyncGenerator<CsvRecord> {
    for (const accountId of members) {
      const pages = keysetPages<SessionKey, SessionRow>({
        read: (after) =>
          sessionRows(db, reach, accountId, filter, { limit: CSV_BATCH_ROWS, after }),
        keyAfter: (row) => ({ startedAt: row.cursorAt, id: row.id }),
        isLast: (rows) => rows.length < CSV_BATCH_ROWS,
      });
      for await (const rows of pages) {
        const tagsBySession = await sessionTagsOf(
          db,
          reach,
          rows.map((row) => row.id),
        );
        for (const row of rows) yield sessionRecord(row, tagsBySession.get(row.id) ?? []);
      }
    }
  }
  return {
    fileName: reportCsvFileName(query.type, query),
    body: await csvStream(SESSIONS_CSV_COLUMNS, records()),
  };
}

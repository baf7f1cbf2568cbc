import { BAD_CURSOR_MESSAGE } from '@resonant/contracts/cursor-paging';
import { csvSafe } from '@resonant/contracts/csv-safety';
import {
  MY_READINGS_CSV_COLUMNS,
  MY_READINGS_CSV_NAME,
  READING_NOT_FOUND_MESSAGE,
  type MyReading,
  type MyReadingRow,
  type MyReadingsParams,
  type MyReadingsResponse,
} from '@resonant/contracts/my-readings';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import { removeReadingFromDailyRollups } from '../../kernel/daily-rollups.queries.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { csvStream, type CsvDownload, type CsvRecord } from '../../lib/csv-download.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { forgetMemberActivity } from '../../lib/member-activity-removal.queries.ts';
import { resolveOfferedTags } from '../../lib/offered-tags.ts';
import {
  deleteReadingRow,
  findOwnReading,
  lockOwnReading,
  readingsPage,
  setReadingNote,
  setReadingTags,
  tagsOfferedTo,
  tagsOnOwnReadings,
  type ReadingFilter,
  type ReadingKey,
} from './my-readings.queries.ts';

type Deps = Pick<AppDeps, 'db'>;
type Caller = Pick<TenantScope, 'accountId' | 'ip'>;

/** Rows read per statement of the CSV: memory stays flat whatever the history's length. */
const CSV_BATCH_ROWS = 500;
const CURSOR_SEPARATOR = '|';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque cursor after a reading: its time and id, base64url, read back only by us. */
function encodeCursor(key: ReadingKey): string {
  const text = `${key.takenAt.toISOString()}${CURSOR_SEPARATOR}${key.id}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): ReadingKey {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const takenAt = new Date(at ?? '');
  // Fixed-length pattern on a string already bounded by the query's length check.
  if (rest.length > 0 || !id || id.length !== 36 || !UUID.test(id) || isNaN(takenAt.getTime())) {
    throw badRequest(BAD_CURSOR_MESSAGE);
  }
  return { takenAt, id };
}

type PageRow = Awaited<ReturnType<typeof readingsPage>>[number];

function presentRow(row: PageRow): MyReadingRow {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    kind: row.kind,
    quality: row.quality,
    rmssd: row.metrics.rmssd,
    sdnn: row.metrics.sdnn,
    meanHr: row.metrics.meanHr,
    artifactPercent: row.metrics.artifactPercent,
    tags: row.tags,
    device: row.device,
    org: row.org,
  };
}

/** A page of the caller's own readings, newest first, and the cursor of the next. */
export async function listMyReadings(
  { db }: Deps,
  scope: Caller,
  query: MyReadingsParams,
): Promise<MyReadingsResponse> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One more row than asked tells whether a next page exists.
  const rows = await readingsPage(db, scope, query, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    list: page.map(presentRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    tags: await tagsOnOwnReadings(db, scope),
  };
}

/** One of the caller's readings with every metric (and the raw RR series when asked); else 404. */
export async function getMyReading(
  { db }: Deps,
  scope: Caller,
  readingId: string,
  withRr: boolean,
): Promise<MyReading> {
  const row = await findOwnReading(db, scope, readingId, withRr);
  if (!row) throw notFound(READING_NOT_FOUND_MESSAGE);
  return {
    id: row.id,
    clientId: row.clientId,
    takenAt: row.takenAt.toISOString(),
    kind: row.kind,
    quality: row.quality,
    note: row.note,
    device: row.device,
    tags: row.tags,
    metrics: row.metrics,
    createdAt: row.createdAt.toISOString(),
    org: row.org,
    offeredTags: await tagsOfferedTo(db, row.orgId),
    ...(withRr && row.rr ? { rr: row.rr } : {}),
  };
}

/** Replaces the tags and/or note of one of the caller's readings, audited; answers the reading. */
export async function updateMyReading(
  deps: Deps,
  scope: Caller,
  readingId: string,
  changes: { tags?: string[] | undefined; note?: string | null | undefined },
): Promise<MyReading> {
  await deps.db.transaction(async (tx) => {
    const reading = await lockOwnReading(tx, scope, readingId);
    if (!reading) throw notFound(READING_NOT_FOUND_MESSAGE);
    const details: Record<string, unknown> = {};
    if (changes.tags !== undefined) {
      // Tags offered to the reading's organisation, whatever the caller's current one.
      const tags = await resolveOfferedTags(tx, reading, changes.tags);
      await setReadingTags(
        tx,
        reading,
        tags.map((tag) => tag.id),
      );
      details.tagIds = tags.map((tag) => tag.id);
    }
    if (changes.note !== undefined) {
      await setReadingNote(tx, reading.id, changes.note || null);
      details.note = true;
    }
    const actor = { orgId: reading.orgId, accountId: scope.accountId, ip: scope.ip };
    await audit(tx, actor, 'reading.update', reading.id, details);
  });
  return getMyReading(deps, scope, readingId, false);
}

/**
 * Deletes one of the caller's readings and takes it out of the rollups (the member's day and
 * totals, the organisation's day) in the same transaction, audited; else 404.
 */
export async function deleteMyReading({ db }: Deps, scope: Caller, readingId: string) {
  await db.transaction(async (tx) => {
    const reading = await lockOwnReading(tx, scope, readingId);
    if (!reading) throw notFound(READING_NOT_FOUND_MESSAGE);
    await deleteReadingRow(tx, reading.id);
    const member = { orgId: reading.orgId, accountId: scope.accountId };
    await removeReadingFromDailyRollups(tx, member, reading.takenAt);
    await forgetMemberActivity(tx, { ...member, at: reading.takenAt, type: reading.kind });
    const actor = { ...member, ip: scope.ip };
    await audit(tx, actor, 'reading.delete', reading.id, {
      takenAt: reading.takenAt.toISOString(),
      kind: reading.kind,
    });
  });
}

function csvRecord(row: PageRow): CsvRecord {
  const { metrics } = row;
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    kind: row.kind,
    quality: row.quality,
    organisation: csvSafe(row.org.name),
    tags: row.tags.map((tag) => csvSafe(tag.tag_name)).join(';'),
    note: row.note === null ? null : csvSafe(row.note),
    device: row.device === null ? null : csvSafe(row.device),
    rmssd: metrics.rmssd,
    sdnn: metrics.sdnn,
    meanHr: metrics.meanHr,
    artifactPercent: metrics.artifactPercent,
    meanNni: metrics.meanNni,
    medianNni: metrics.medianNni,
    rangeNni: metrics.rangeNni,
    sdsd: metrics.sdsd,
    pnn50: metrics.pnn50,
    minHr: metrics.minHr,
    maxHr: metrics.maxHr,
    minMax: metrics.minMax,
    vlf: metrics.vlf,
    lf: metrics.lf,
    hf: metrics.hf,
    totalPower: metrics.totalPower,
    lfHf: metrics.lfHf,
    beats: metrics.beats,
    durationS: metrics.durationS,
  };
}

/** The caller's readings the filters keep, newest first, as a streamed CSV. */
export async function myReadingsCsv(
  { db }: Deps,
  scope: Caller,
  filter: ReadingFilter,
): Promise<CsvDownload> {
  async function* records(): AsyncGenerator<CsvRecord> {
    let after: ReadingKey | undefined;
    for (;;) {
      const rows = await readingsPage(db, scope, filter, after, CSV_BATCH_ROWS);
      for (const row of rows) yield csvRecord(row);
      if (rows.length < CSV_BATCH_ROWS) return;
      after = rows.at(-1);
    }
  }
  return {
    fileName: MY_READINGS_CSV_NAME,
    body: await csvStream(MY_READINGS_CSV_COLUMNS, records()),
  };
}

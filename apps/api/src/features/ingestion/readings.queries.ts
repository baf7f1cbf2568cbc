import { and, eq, inArray, sql } from 'drizzle-orm';
import { HRV_METRIC_KEYS } from '@resonant/contracts/metrics';
import type { Database } from '../../db/client.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import type { OrgScope } from '../../kernel/scope.ts';
import { insertUnnested } from '../../lib/bulk-insert.queries.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';
import type { AnalysedReading } from '../../lib/reading-analysis.ts';

/** A reading as stored, as the API presents it but for its dates. */
export type StoredReading = Omit<NewReading, 'rr'> & {
  id: string;
  tags: PresentedTag[];
  createdAt: Date;
};

/** A reading to store: as analysed, with its RR series. */
export type NewReading = Omit<AnalysedReading, 'tagIds'> & { rr: number[] };

const READING_COLUMNS = [
  'orgId',
  'accountId',
  'clientId',
  'takenAt',
  'kind',
  'note',
  'device',
  'rrMs',
  'quality',
  ...HRV_METRIC_KEYS,
] as const;

/**
 * Stores readings of the scope's account in the scope's org in one statement and returns the id
 * and creation time of each stored, by clientId. A clientId the account already has stores
 * nothing and is missing from the answer (a retry, possibly a concurrent one): the unique index
 * decides, so nothing is ever stored twice. Rows go in clientId order, so two batches sharing
 * clientIds wait for each other in the same order rather than deadlock.
 */
export async function insertReadings(
  db: Database,
  scope: OrgScope,
  list: readonly NewReading[],
  rowsPerStatement?: number,
): Promise<Map<string, { id: string; createdAt: Date }>> {
  const rows = [...list]
    .sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0))
    .map((reading) => ({
      orgId: scope.orgId,
      accountId: scope.accountId,
      clientId: reading.clientId,
      takenAt: reading.takenAt,
      kind: reading.kind,
      note: reading.note,
      device: reading.device,
      rrMs: reading.rr,
      quality: reading.quality,
      ...reading.metrics,
    }));
  const stored = await insertUnnested(db, readings, READING_COLUMNS, rows, {
    tail: sql`on conflict (${sql.identifier(readings.accountId.name)}, ${sql.identifier(
      readings.clientId.name,
    )}) do nothing returning ${readings.id}, ${readings.clientId}, ${readings.createdAt}`,
    rowsPerStatement,
  });
  return new Map(
    stored.map((row) => [
      row[readings.clientId.name] as string,
      {
        id: row[readings.id.name] as string,
        createdAt: readings.createdAt.mapFromDriverValue(
          row[readings.createdAt.name] as string,
        ) as Date,
      },
    ]),
  );
}

/** Tags readings of the scope's org (tag ids already checked against the org's offer). */
export async function insertReadingTags(
  db: Database,
  scope: OrgScope,
  list: readonly { readingId: string; tagId: string }[],
  rowsPerStatement?: number,
) {
  await insertUnnested(
    db,
    readingTags,
    ['orgId', 'readingId', 'tagId'],
    list.map((row) => ({ orgId: scope.orgId, ...row })),
    { rowsPerStatement },
  );
}

/**
 * The scope account's readings with these clientIds, with their tags, by clientId, in one query.
 * Looked up by account, not org: clientIds are unique per account, so a retry finds its first
 * result wherever it was stored.
 */
export async function findReadingsByClientIds(
  db: Database,
  scope: OrgScope,
  clientIds: readonly string[],
): Promise<Map<string, StoredReading>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: readings.id,
      clientId: readings.clientId,
      takenAt: readings.takenAt,
      kind: readings.kind,
      quality: readings.quality,
      note: readings.note,
      device: readings.device,
      metrics: metricColumnsOf(readings),
      createdAt: readings.createdAt,
      tagId: tags.id,
      tagName: tags.name,
    })
    .from(readings)
    .leftJoin(readingTags, eq(readingTags.readingId, readings.id))
    .leftJoin(tags, eq(tags.id, readingTags.tagId))
    .where(and(eq(readings.accountId, scope.accountId), inArray(readings.clientId, clientIds)));
  const found = new Map<string, StoredReading>();
  for (const { tagId, tagName, ...reading } of rows) {
    const entry = found.get(reading.clientId) ?? { ...reading, tags: [] };
    if (tagId !== null && tagName !== null) entry.tags.push({ id: tagId, tag_name: tagName });
    found.set(reading.clientId, entry);
  }
  for (const reading of found.values()) sortTags(reading.tags);
  return found;
}

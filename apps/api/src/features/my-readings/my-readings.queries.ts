import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReadingKind } from '@resonant/contracts/readings';
import type { Database } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import { offeredTo } from '../../lib/offered-tags.queries.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';

/**
 * Every statement here is about one account's readings, wherever they were recorded: the account
 * is the scope (never the organisation), so readings stay the member's after they leave one.
 */
type Owner = { accountId: string };

/** The filters of the list and the CSV; days are read in the time zone of the reading's org. */
export type ReadingFilter = {
  kind?: ReadingKind | undefined;
  tag?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** Where a page starts: after this reading in newest-first order. */
export type ReadingKey = { takenAt: Date; id: string };

const localDay = sql`(${readings.takenAt} at time zone ${organisations.timeZone})::date`;

function filterOf(owner: Owner, filter: ReadingFilter, after: ReadingKey | undefined): SQL {
  const conditions: SQL[] = [eq(readings.accountId, owner.accountId)];
  if (filter.kind) conditions.push(eq(readings.kind, filter.kind));
  if (filter.from) conditions.push(sql`${localDay} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${localDay} <= ${filter.to}::date`);
  if (filter.tag) {
    conditions.push(sql`exists (select 1 from ${readingTags} where ${readingTags.readingId} =
      ${readings.id} and ${readingTags.tagId} = ${filter.tag}::uuid)`);
  }
  if (after) {
    conditions.push(
      sql`(${readings.takenAt}, ${readings.id}) < (${after.takenAt.toISOString()}::timestamptz,
        ${after.id}::uuid)`,
    );
  }
  return and(...conditions)!;
}

/** What the list and the one reading both show of a reading, with its organisation. */
const READING_ROW = {
  id: readings.id,
  takenAt: readings.takenAt,
  kind: readings.kind,
  quality: readings.quality,
  note: readings.note,
  device: readings.device,
  metrics: metricColumnsOf(readings),
  org: { id: organisations.id, name: organisations.name },
};

/** A page of the owner's readings, newest first, with their organisation and tags. */
export async function readingsPage(
  db: Database,
  owner: Owner,
  filter: ReadingFilter,
  after: ReadingKey | undefined,
  limit: number,
) {
  const rows = await db
    .select(READING_ROW)
    .from(readings)
    .innerJoin(organisations, eq(organisations.id, readings.orgId))
    .where(filterOf(owner, filter, after))
    .orderBy(desc(readings.takenAt), desc(readings.id))
    .limit(limit);
  const tagsById = await tagsOfReadings(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tags: tagsById.get(row.id) ?? [] }));
}

/** The tags of these readings, sorted, by reading id, in one statement. */
async function tagsOfReadings(db: Database, ids: readonly string[]) {
  const found = new Map<string, PresentedTag[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ readingId: readingTags.readingId, id: tags.id, tag_name: tags.name })
    .from(readingTags)
    .innerJoin(tags, eq(tags.id, readingTags.tagId))
    .where(inArray(readingTags.readingId, [...ids]));
  for (const { readingId, ...tag } of rows) {
    found.set(readingId, [...(found.get(readingId) ?? []), tag]);
  }
  for (const list of found.values()) sortTags(list);
  return found;
}

/** The tags on any of the owner's readings, sorted, each once. */
export async function tagsOnOwnReadings(db: Database, owner: Owner): Promise<PresentedTag[]> {
  const rows = await db
    .selectDistinct({ id: tags.id, tag_name: tags.name })
    .from(readingTags)
    .innerJoin(readings, eq(readings.id, readingTags.readingId))
    .innerJoin(tags, eq(tags.id, readingTags.tagId))
    .where(eq(readings.accountId, owner.accountId));
  return sortTags(rows);
}

/** One of the owner's readings with its metrics, organisation and tags; undefined if not theirs. */
export async function findOwnReading(db: Database, owner: Owner, id: string, withRr: boolean) {
  const [row] = await db
    .select({
      ...READING_ROW,
      orgId: readings.orgId,
      clientId: readings.clientId,
      createdAt: readings.createdAt,
      rr: withRr ? readings.rrMs : sql<null>`null`,
    })
    .from(readings)
    .innerJoin(organisations, eq(organisations.id, readings.orgId))
    .where(and(eq(readings.id, id), eq(readings.accountId, owner.accountId)));
  if (!row) return undefined;
  const tagsById = await tagsOfReadings(db, [row.id]);
  return { ...row, tags: tagsById.get(row.id) ?? [] };
}

/** The tags a reading of this organisation may carry: the platform's and the organisation's. */
export async function tagsOfferedTo(db: Database, orgId: string): Promise<PresentedTag[]> {
  return db
    .select({ id: tags.id, tag_name: tags.name })
    .from(tags)
    .where(offeredTo(orgId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

/** Locks one of the owner's readings for a change; undefined if not theirs. */
export async function lockOwnReading(db: Database, owner: Owner, id: string) {
  const [row] = await db
    .select({
      id: readings.id,
      orgId: readings.orgId,
      takenAt: readings.takenAt,
      kind: readings.kind,
    })
    .from(readings)
    .where(and(eq(readings.id, id), eq(readings.accountId, owner.accountId)))
    .for('update');
  return row;
}

/** Replaces a reading's note. */
export async function setReadingNote(db: Database, id: string, note: string | null) {
  await db.update(readings).set({ note }).where(eq(readings.id, id));
}

/** Replaces a reading's tags (ids already checked against its organisation's offer). */
export async function setReadingTags(
  db: Database,
  reading: { id: string; orgId: string },
  tagIds: readonly string[],
) {
  await db.delete(readingTags).where(eq(readingTags.readingId, reading.id));
  if (tagIds.length === 0) return;
  await db
    .insert(readingTags)
    .values(tagIds.map((tagId) => ({ orgId: reading.orgId, readingId: reading.id, tagId })));
}

/** Deletes a reading (its tags go with it). */
export async function deleteReadingRow(db: Database, id: string) {
  await db.delete(readings).where(eq(readings.id, id));
}

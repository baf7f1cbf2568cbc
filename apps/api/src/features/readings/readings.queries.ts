import { and, eq } from 'drizzle-orm';
import type { HrvMetrics, Quality } from '@resonant/contracts/metrics';
import type { ReadingKind } from '@resonant/contracts/readings';
import type { Database } from '../../db/client.ts';
import { readingTags, readings, tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import type { OrgScope } from '../../auth/scope.ts';
import { sortTags } from '../../lib/offered-tags.ts';

export type NewReading = {
  clientId: string;
  takenAt: Date;
  kind: ReadingKind;
  note: string | null;
  device: string | null;
  rr: number[];
  quality: Quality;
  metrics: HrvMetrics;
};

/**
 * Stores a reading of the scope's account in the scope's org and returns its id and creation time, or null when the
 * account already has a reading with this clientId (a retry, possibly a concurrent one): the
 * unique index decides, so nothing is ever stored twice.
 */
export async function insertReading(
  db: Database,
  scope: OrgScope,
  reading: NewReading,
): Promise<{ id: string; createdAt: Date } | null> {
  const [row] = await db
    .insert(readings)
    .values({
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
    })
    .onConflictDoNothing({ target: [readings.accountId, readings.clientId] })
    .returning({ id: readings.id, createdAt: readings.createdAt });
  return row ?? null;
}

/** Tags a reading of the scope's org (tag ids already checked against the org's offer). */
export async function insertReadingTags(
  db: Database,
  scope: OrgScope,
  readingId: string,
  tagIds: readonly string[],
) {
  if (tagIds.length === 0) return;
  await db
    .insert(readingTags)
    .values(tagIds.map((tagId) => ({ orgId: scope.orgId, readingId, tagId })));
}

/**
 * The scope account's reading with this clientId, with its tags. Looked up by account, not org:
 * clientIds are unique per account, so a retry finds its first result wherever it was stored.
 */
export async function findReadingByClientId(db: Database, scope: OrgScope, clientId: string) {
  const [reading] = await db
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
    })
    .from(readings)
    .where(and(eq(readings.accountId, scope.accountId), eq(readings.clientId, clientId)));
  if (!reading) return null;
  const tagRows = await db
    .select({ id: tags.id, tag_name: tags.name })
    .from(readingTags)
    .innerJoin(tags, eq(tags.id, readingTags.tagId))
    .where(eq(readingTags.readingId, reading.id));
  return { ...reading, tags: sortTags(tagRows) };
}

import type { Reading } from '@resonant/contracts/readings';
import type { OrgScope } from '../../kernel/scope.ts';
import {
  batchOutcomes,
  betweenStatements,
  checkedSeries,
  onlyOutcome,
  planBatch,
  presentEach,
  type BatchOutcome,
  type IngestDeps,
} from '../../lib/ingest-batch.ts';
import { recordMemberActivity } from '../../lib/member-activity.ts';
import { findOfferedTags } from '../../lib/offered-tags.ts';
import { addReadingsToDailyRollups } from './daily-rollups.queries.ts';
import {
  findReadingsByClientIds,
  insertReadingTags,
  insertReadings,
  type StoredReading,
} from './readings.queries.ts';

/**
 * Stores readings of the scope's member: the one ingestion path of the API (the batch route, the
 * single route as a batch of one, the file import) and of the demo data. Each entry is checked on
 * its own as POST /api/v1/readings checks its body, and its metrics computed, by `hrv` (the
 * worker threads in the app); then one transaction stores the new readings (raw series, metrics,
 * quality), their tags, and adds them to the member's daily rollups and activity, one statement
 * per table (on PGlite, statements of `rowsPerStatement` rows). A refused entry stores nothing
 * and is answered `failed` with the message its single post would get. A clientId the account
 * already used stores nothing and is answered `duplicate` with the first result (the unique index
 * decides, so a retry and a race take the same path), as is a later entry repeating an earlier
 * one's clientId. Should the database refuse the write, the transaction stores none of the batch.
 */
export async function ingestReadings(
  { db, hrv, rowsPerStatement }: IngestDeps,
  scope: OrgScope,
  entries: readonly unknown[],
  now: Date,
): Promise<BatchOutcome<Reading>[]> {
  const checked = await hrv.readings(entries, now);
  const requestedTags = checked.flatMap((entry) => (entry.ok ? entry.recording.tagIds : []));
  const plan = planBatch(checked, await findOfferedTags(db, scope, requestedTags));

  const { created, storedBefore } = await db.transaction(async (tx) => {
    const inserted = await insertReadings(
      tx,
      scope,
      plan.toStore.map((reading) => ({ ...reading, rr: checkedSeries(entries[reading.index]) })),
      rowsPerStatement,
    );
    const stored = new Map<string, StoredReading>();
    for (const reading of plan.toStore) {
      const row = inserted.get(reading.clientId);
      if (row) stored.set(reading.clientId, { ...reading, ...row });
    }
    const fresh = [...stored.values()];
    await betweenStatements();
    await insertReadingTags(
      tx,
      scope,
      fresh.flatMap((reading) =>
        reading.tags.map((tag) => ({ readingId: reading.id, tagId: tag.id })),
      ),
      rowsPerStatement,
    );
    await betweenStatements();
    await addReadingsToDailyRollups(
      tx,
      scope,
      fresh.map((reading) => ({ ...reading, rmssd: reading.metrics.rmssd })),
    );
    await betweenStatements();
    await recordMemberActivity(
      tx,
      scope,
      fresh.map((reading) => ({ at: reading.takenAt, type: reading.kind })),
    );
    await betweenStatements();
    // Stored before (a retry, or another request that got there first): their first results.
    const repeated = plan.toStore.filter((reading) => !stored.has(reading.clientId));
    return {
      created: stored,
      storedBefore: await findReadingsByClientIds(
        tx,
        scope,
        repeated.map((reading) => reading.clientId),
      ),
    };
  });
  // New readings are presented from what was stored, without reading them back: every value
  // here is exactly what the row holds.
  return batchOutcomes(
    plan.entries,
    presentEach(created, presentReading),
    presentEach(storedBefore, presentReading),
  );
}

/**
 * One reading through ingestReadings, as POST /api/v1/readings answers it: `created` or the
 * `duplicate` first result, or 400 with the reason it was refused.
 */
export async function ingestReading(
  deps: IngestDeps,
  scope: OrgScope,
  input: unknown,
  now: Date,
): Promise<{ status: 'created' | 'duplicate'; reading: Reading }> {
  const { status, recording } = onlyOutcome(await ingestReadings(deps, scope, [input], now));
  return { status, reading: recording };
}

/** The API's view of a stored reading (dates as ISO strings); the response schema does the rest. */
function presentReading(reading: StoredReading): Reading {
  return {
    id: reading.id,
    clientId: reading.clientId,
    takenAt: reading.takenAt.toISOString(),
    kind: reading.kind,
    quality: reading.quality,
    note: reading.note,
    device: reading.device,
    tags: reading.tags,
    metrics: reading.metrics,
    createdAt: reading.createdAt.toISOString(),
  };
}

import type { Reading } from '@resonant/contracts/readings';
import type { AnalysedReading } from '../../lib/reading-analysis.ts';
import { addReadingsToDailyRollups } from '../../kernel/daily-rollups.queries.ts';
import type { IngestionKind } from './ingest-batch.ts';
import {
  findReadingsByClientIds,
  insertReadingTags,
  insertReadings,
  type StoredReading,
} from './readings.queries.ts';

/**
 * Readings as ingestion stores them: the raw series, metrics and quality, then their tags, and
 * each added to the member's daily rollups.
 */
export const readingsKind: IngestionKind<AnalysedReading, StoredReading, Reading> = {
  analyse: (hrv, entries, now) => hrv.readings(entries, now),
  insert: insertReadings,
  async insertDetails(db, scope, fresh, rowsPerStatement) {
    await insertReadingTags(
      db,
      scope,
      fresh.flatMap((reading) =>
        reading.tags.map((tag) => ({ readingId: reading.id, tagId: tag.id })),
      ),
      rowsPerStatement,
    );
    await addReadingsToDailyRollups(
      db,
      scope,
      fresh.map((reading) => ({ ...reading, rmssd: reading.metrics.rmssd })),
    );
  },
  activity: (reading) => ({ at: reading.takenAt, type: reading.kind }),
  findByClientIds: findReadingsByClientIds,
  present: presentReading,
};

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

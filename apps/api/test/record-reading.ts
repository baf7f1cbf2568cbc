import type { OrgScope } from '../src/auth/scope.ts';
import type { Database } from '../src/db/client.ts';
import { ingestReading, type ReadingInput } from '../src/features/readings/ingest-reading.ts';

/**
 * Stores a member's reading through the readings feature's own ingestion (rollups and activity
 * included), as the mobile app's POST does: how the tests of other features arrange readings,
 * without a feature importing another.
 */
export function recordReading(db: Database, member: OrgScope, reading: ReadingInput, now: Date) {
  return ingestReading(db, member, reading, now);
}

import type { CreateReadingBody } from '@resonant/contracts/readings';
import type { OrgScope } from '../src/kernel/scope.ts';
import type { Database } from '../src/db/client.ts';
import { ingestOne } from '../src/features/ingestion/ingest-batch.ts';
import { readingsKind } from '../src/features/ingestion/readings-kind.ts';
import { analyseInThisThread } from '../src/lib/hrv-pool.ts';

/** A reading as POST /api/v1/readings takes it; `takenAt` may also be a Date. */
type ReadingInput = Omit<CreateReadingBody, 'takenAt'> & { takenAt: string | Date };

/**
 * Stores a member's reading through the ingestion feature's own ingestBatch (rollups and activity
 * included), as the mobile app's POST does: how the tests of other features arrange readings,
 * without a feature importing another. Its metrics are computed on this thread.
 */
export async function recordReading(
  db: Database,
  member: OrgScope,
  reading: ReadingInput,
  now: Date,
) {
  const takenAt = reading.takenAt instanceof Date ? reading.takenAt.toISOString() : reading.takenAt;
  const deps = { db, hrv: analyseInThisThread };
  const { status, recording } = await ingestOne(
    readingsKind,
    deps,
    member,
    { ...reading, takenAt },
    now,
  );
  return { status, reading: recording };
}

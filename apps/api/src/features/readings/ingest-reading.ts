import { analyseRecording } from '@resonant/hrv/analyse-recording';
import type { CreateReadingBody, Reading } from '@resonant/contracts/readings';
import type { Database } from '../../db/client.ts';
import { metricColumnValues } from '../../lib/hrv-metrics.ts';
import { recordMemberActivity } from '../../lib/member-activity.ts';
import { resolveOfferedTags } from '../../lib/offered-tags.ts';
import type { OrgScope } from '../../auth/scope.ts';
import { assertRrSeries, parseRecordingTime } from '../../lib/recording-input.ts';
import { addReadingToDailyRollup } from './daily-rollups.queries.ts';
import { findReadingByClientId, insertReading, insertReadingTags } from './readings.queries.ts';

/** What an ingest did: `created` a new reading, or found the `duplicate` stored for its clientId. */
export type IngestOutcome = { status: 'created' | 'duplicate'; reading: Reading };

/** A reading to store: the JSON body of POST /api/v1/readings; `takenAt` may also be a Date. */
export type ReadingInput = Omit<CreateReadingBody, 'takenAt'> & { takenAt: string | Date };

/**
 * Stores one reading of the scope's member (the one ingestion path of the API, the file import and
 * the demo data): checks the input (400 naming the problem), computes the metrics with
 * packages/hrv, then in one transaction stores the raw series, metrics, quality and tags and adds
 * it to the member's daily rollup and last activity. A clientId the account already used stores
 * nothing and returns the first reading: the unique index decides, so a retry and a race take the
 * same path.
 */
export async function ingestReading(
  db: Database,
  scope: OrgScope,
  input: ReadingInput,
  now: Date,
): Promise<IngestOutcome> {
  const clientId = input.clientId.trim();
  const takenAt = parseRecordingTime(input.takenAt, now, 'takenAt');
  assertRrSeries(input.rr);
  const tags = await resolveOfferedTags(db, scope, input.tags);
  const { metrics, quality } = analyseRecording(input.rr);
  const values = metricColumnValues(metrics);
  const note = input.note?.trim() || null;
  const device = input.device?.trim() || null;

  const inserted = await db.transaction(async (tx) => {
    const row = await insertReading(tx, scope, {
      clientId,
      takenAt,
      kind: input.kind,
      note,
      device,
      rr: input.rr,
      quality,
      metrics: values,
    });
    // Another request with this clientId got there first: leave everything to it.
    if (!row) return null;
    await insertReadingTags(
      tx,
      scope,
      row.id,
      tags.map((tag) => tag.id),
    );
    await addReadingToDailyRollup(tx, scope, {
      takenAt,
      kind: input.kind,
      quality,
      rmssd: values.rmssd,
    });
    await recordMemberActivity(tx, scope, takenAt, input.kind);
    return row;
  });

  if (!inserted) {
    const first = await findReadingByClientId(db, scope, clientId);
    if (!first) throw new Error(`reading ${clientId} not found after a duplicate insert`);
    return { status: 'duplicate', reading: presentReading(first) };
  }
  // What was stored, presented without reading it back (a bulk import or the demo seed ingest
  // thousands of readings; every value here is exactly what the row holds).
  const reading = {
    id: inserted.id,
    clientId,
    takenAt,
    kind: input.kind,
    quality,
    note,
    device,
    metrics: values,
    tags,
    createdAt: inserted.createdAt,
  };
  return { status: 'created', reading: presentReading(reading) };
}

type StoredReading = NonNullable<Awaited<ReturnType<typeof findReadingByClientId>>>;

/** The API's view of a stored reading (dates as ISO strings); the response schema does the rest. */
function presentReading(reading: StoredReading): Reading {
  return {
    ...reading,
    takenAt: reading.takenAt.toISOString(),
    createdAt: reading.createdAt.toISOString(),
  };
}

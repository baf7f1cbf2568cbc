import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { OrgScope } from '../../kernel/scope.ts';
import type { HrvAnalyser } from '../../lib/hrv-pool.ts';
import { recordMemberActivity, type ActivityType } from '../../lib/member-activity.queries.ts';
import { findOfferedTags } from '../../lib/offered-tags.queries.ts';
import type { CheckedEntry } from '../../lib/recording-input.ts';
import {
  batchOutcomes,
  onlyOutcome,
  planBatch,
  type BatchOutcome,
  type Planned,
} from './batch-plan.ts';

/**
 * What ingestion needs: the database, where the checks and metrics run (lib/hrv-pool.ts), and how
 * many rows a statement writes at most: all of a batch's (one statement per table) unless said.
 */
export type IngestDeps = { db: Database; hrv: HrvAnalyser; rowsPerStatement?: number };

/**
 * PGlite runs SQL on the event loop's thread: 1,000 readings in one statement hold it for a few
 * hundred ms, so on PGlite a batch's rows go in statements of this many (some 10-20 ms each on a
 * quiet machine), the event loop running between them, in the same transaction (db/client.ts).
 * PostgreSQL works in its own process and takes each table's rows in one statement.
 */
const PGLITE_ROWS_PER_STATEMENT = 50;

/** The ingestion's dependencies in the app. */
export function ingestDepsOf(deps: AppDeps & { hrv: HrvAnalyser }): IngestDeps {
  return {
    db: deps.db,
    hrv: deps.hrv,
    rowsPerStatement: deps.databaseKind === 'pglite' ? PGLITE_ROWS_PER_STATEMENT : undefined,
  };
}

/** What a recording's row got from the database: its id and creation time. */
type InsertedRow = { id: string; createdAt: Date };

/** A recording this batch stored: as planned, with what its row got. */
type Fresh<A> = Planned<A> & InsertedRow;

/** A recording after its checks and analysis, before anything is stored. */
export type AnalysedRecording = { clientId: string; tagIds: string[] };

/**
 * A kind of recording (readings, sessions) as ingestion sees it: `A` as analysed, `S` as stored
 * before (a retry's first result), `P` as the API presents it.
 */
export type IngestionKind<A extends AnalysedRecording, S, P> = {
  /** Checks each entry as its single route checks a body and computes its metrics, on `hrv`. */
  analyse: (hrv: HrvAnalyser, entries: readonly unknown[], now: Date) => Promise<CheckedEntry<A>[]>;
  /**
   * Stores the recordings whose clientId the account has not used, answering the row of each
   * stored by clientId (a clientId used before is missing from the answer).
   */
  insert: (
    db: Database,
    scope: OrgScope,
    recordings: readonly (A & { rr: number[] })[],
    rowsPerStatement?: number,
  ) => Promise<Map<string, InsertedRow>>;
  /** Stores what hangs off the recordings this batch stored (their tags, minutes, rollups). */
  insertDetails: (
    db: Database,
    scope: OrgScope,
    fresh: readonly Fresh<A>[],
    rowsPerStatement?: number,
  ) => Promise<void>;
  /** What a recording counts as in the member's activity. */
  activity: (recording: A) => { at: Date; type: ActivityType };
  /** The account's recordings with these clientIds, by clientId. */
  findByClientIds: (
    db: Database,
    scope: OrgScope,
    clientIds: readonly string[],
  ) => Promise<Map<string, S>>;
  /** The API's view of a stored recording: new ones are presented from what was stored. */
  present: (recording: S | Fresh<A>) => P;
};

/**
 * Stores recordings of the scope's member: the one ingestion path of the API (the batch routes,
 * the single routes as a batch of one, the file import) and of the demo data. Each entry is
 * checked on its own as its single route checks its body, and analysed, by `hrv` (the worker
 * threads in the app); then one transaction stores the new recordings (raw series and what the
 * analysis gave), what hangs off them, and the member's activity, one statement per table (on
 * PGlite, statements of `rowsPerStatement` rows). A refused entry stores nothing and is answered
 * `failed` with the message its single post would get. A clientId the account already used stores
 * nothing and is answered `duplicate` with the first result (the unique index decides, so a retry
 * and a race take the same path), as is a later entry repeating an earlier one's clientId. Should
 * the database refuse the write, the transaction stores none of the batch.
 */
export async function ingestBatch<A extends AnalysedRecording, S, P>(
  kind: IngestionKind<A, S, P>,
  { db, hrv, rowsPerStatement }: IngestDeps,
  scope: OrgScope,
  entries: readonly unknown[],
  now: Date,
): Promise<BatchOutcome<P>[]> {
  const checked = await kind.analyse(hrv, entries, now);
  const requestedTags = checked.flatMap((entry) => (entry.ok ? entry.recording.tagIds : []));
  const plan = planBatch(checked, await findOfferedTags(db, scope, requestedTags));

  const { created, storedBefore } = await db.transaction(async (tx) => {
    const inserted = await kind.insert(
      tx,
      scope,
      plan.toStore.map((recording) => ({
        ...recording,
        rr: checkedSeries(entries[recording.index]),
      })),
      rowsPerStatement,
    );
    const stored = new Map<string, Fresh<A>>();
    for (const recording of plan.toStore) {
      const row = inserted.get(recording.clientId);
      if (row) stored.set(recording.clientId, { ...recording, ...row });
    }
    const fresh = [...stored.values()];
    await kind.insertDetails(tx, scope, fresh, rowsPerStatement);
    await recordMemberActivity(
      tx,
      scope,
      fresh.map((recording) => kind.activity(recording)),
    );
    // Stored before (a retry, or another request that got there first): their first results.
    const repeated = plan.toStore.filter((recording) => !stored.has(recording.clientId));
    return {
      created: stored,
      storedBefore: await kind.findByClientIds(
        tx,
        scope,
        repeated.map((recording) => recording.clientId),
      ),
    };
  });
  // New recordings are presented from what was stored, without reading them back: every value
  // there is exactly what the row holds.
  return batchOutcomes(
    plan.entries,
    presentEach(created, kind.present),
    presentEach(storedBefore, kind.present),
  );
}

/**
 * One recording through ingestBatch, as its single route answers it: `created` or the `duplicate`
 * first result, or 400 with the reason it was refused.
 */
export async function ingestOne<A extends AnalysedRecording, S, P>(
  kind: IngestionKind<A, S, P>,
  deps: IngestDeps,
  scope: OrgScope,
  input: unknown,
  now: Date,
): Promise<{ status: 'created' | 'duplicate'; recording: P }> {
  return onlyOutcome(await ingestBatch(kind, deps, scope, [input], now));
}

/**
 * An entry's RR series, which its analysis checked (lib/recording-input.ts): the ingestion stores
 * the parsed request's own array rather than a copy sent back by the worker thread.
 */
function checkedSeries(entry: unknown): number[] {
  return (entry as { rr: number[] }).rr;
}

/** A batch's new and earlier recordings as the API presents them, by clientId. */
function presentEach<S, R>(
  stored: ReadonlyMap<string, S>,
  present: (recording: S) => R,
): Map<string, R> {
  return new Map([...stored].map(([clientId, recording]) => [clientId, present(recording)]));
}

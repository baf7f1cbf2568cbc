import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/client.ts';
import type { HrvAnalyser } from './hrv-pool.ts';
import { badRequest, HttpError } from './http-error.ts';
import { tagsOf, type PresentedTag } from './offered-tags.ts';
import type { CheckedEntry } from './recording-input.ts';

/**
 * What ingestion needs: the database, where the checks and metrics run (lib/hrv-pool.ts), and how
 * many rows a statement writes at most: all of a batch's (one statement per table) unless said.
 */
export type IngestDeps = { db: Database; hrv: HrvAnalyser; rowsPerStatement?: number };

/**
 * PGlite runs SQL on the event loop's thread: 1,000 readings in one statement hold it for a few
 * hundred ms, so on PGlite a batch's rows go in statements of this many (some 10-20 ms each on a
 * quiet machine), the event loop running between them, in the same transaction. PostgreSQL works
 * in its own process and takes each table's rows in one statement.
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

/** A recording of a batch to store: its checks passed, its tags are offered, its clientId is new here. */
export type Planned<T> = T & { index: number; tags: PresentedTag[] };

/** What became of one entry of a batch; `R` is the stored recording as the API presents it. */
export type BatchOutcome<R> =
  | { index: number; clientId: string; status: 'created' | 'duplicate'; recording: R }
  | { index: number; clientId: string | null; status: 'failed'; message: string };

type EntryPlan =
  { index: number; clientId: string | null; failed: string } | { index: number; clientId: string };

/**
 * The recordings a batch stores, and how each entry is answered, as if its entries were posted
 * one by one in order: an entry that fails a check (its analysis, then its tags) is `failed` with
 * the message its single route would answer; the first entry to pass with a clientId is the one
 * stored, and a later one with the same clientId is answered as that one's duplicate.
 */
export function planBatch<T extends { clientId: string; tagIds: string[] }>(
  checked: readonly CheckedEntry<T>[],
  offered: ReadonlyMap<string, PresentedTag>,
): { toStore: Planned<T>[]; entries: EntryPlan[] } {
  const toStore: Planned<T>[] = [];
  const seen = new Set<string>();
  const entries = checked.map((entry, index): EntryPlan => {
    if (!entry.ok) return { index, clientId: entry.clientId, failed: entry.message };
    const { recording } = entry;
    let tags: PresentedTag[];
    try {
      tags = tagsOf(recording.tagIds, offered);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { index, clientId: recording.clientId, failed: error.message };
    }
    if (!seen.has(recording.clientId)) {
      seen.add(recording.clientId);
      toStore.push({ ...recording, index, tags });
    }
    return { index, clientId: recording.clientId };
  });
  return { toStore, entries };
}

/**
 * Each entry's outcome, in order: `created` for the entry that stored its clientId's recording,
 * `duplicate` with the first result for every other, `failed` with its message.
 */
export function batchOutcomes<R>(
  entries: readonly EntryPlan[],
  created: ReadonlyMap<string, R>,
  storedBefore: ReadonlyMap<string, R>,
): BatchOutcome<R>[] {
  const answered = new Set<string>();
  return entries.map((entry) => {
    if ('failed' in entry) {
      return {
        index: entry.index,
        clientId: entry.clientId,
        status: 'failed',
        message: entry.failed,
      };
    }
    const { index, clientId } = entry;
    const recording = created.get(clientId) ?? storedBefore.get(clientId);
    if (!recording) throw new Error(`recording ${clientId} neither stored nor found`);
    const first = created.has(clientId) && !answered.has(clientId);
    answered.add(clientId);
    return { index, clientId, status: first ? 'created' : 'duplicate', recording };
  });
}

/** How many entries of a batch had each outcome. */
/**
 * A batch route's answer: one result per entry in order, the recording named as the route names
 * it (`reading`, `session`), and the count of each status.
 */
export function batchAnswer<R, Name extends string>(
  outcomes: readonly BatchOutcome<R>[],
  name: Name,
) {
  type Stored = Extract<BatchOutcome<R>, { status: 'created' | 'duplicate' }>;
  type Result =
    Extract<BatchOutcome<R>, { status: 'failed' }> | (Omit<Stored, 'recording'> & Record<Name, R>);
  const counts = { created: 0, duplicate: 0, failed: 0 };
  const results = outcomes.map((outcome): Result => {
    counts[outcome.status]++;
    if (outcome.status === 'failed') return outcome;
    const { recording, ...result } = outcome;
    return { ...result, [name]: recording } as Omit<Stored, 'recording'> & Record<Name, R>;
  });
  return { results, ...counts };
}

/**
 * An entry's RR series, which its analysis checked (lib/recording-input.ts): the ingestion stores
 * the parsed request's own array rather than a copy sent back by the worker thread.
 */
export function checkedSeries(entry: unknown): number[] {
  return (entry as { rr: number[] }).rr;
}

/**
 * The outcome of a batch of one as a single route answers it: its recording, new or the first for
 * its clientId, or 400 with the reason it was refused.
 */
export function onlyOutcome<R>(outcomes: readonly BatchOutcome<R>[]): {
  status: 'created' | 'duplicate';
  recording: R;
} {
  const [outcome] = outcomes;
  if (!outcome || outcomes.length > 1) throw new Error('not the outcome of a batch of one');
  if (outcome.status === 'failed') throw badRequest(outcome.message);
  return outcome;
}

/** A batch's new and earlier recordings as the API presents them, by clientId. */
export function presentEach<S, R>(
  stored: ReadonlyMap<string, S>,
  present: (recording: S) => R,
): Map<string, R> {
  return new Map([...stored].map(([clientId, recording]) => [clientId, present(recording)]));
}

/**
 * Lets the event loop run between two statements of a batch's transaction. PGlite answers every
 * query through promises alone, so without it a transaction's statements (and the next request's,
 * queued on PGlite's lock) follow each other as one run of microtasks, a second and more for a
 * batch, with no timer, request or answer served meanwhile.
 */
export const betweenStatements = () => nextTurn();

import { badRequest, HttpError } from '../../lib/http-error.ts';
import { tagsOf, type PresentedTag } from '../../lib/offered-tags.ts';
import type { CheckedEntry } from '../../lib/recording-input.ts';

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

import type { Clock } from '../../lib/clock.ts';

/**
 * Every time zone's offset is a whole number of quarter hours, so no organisation's day (nor the
 * UTC day ages are counted on) ends inside a quarter hour that starts on the hour's quarter.
 */
const QUARTER_HOUR_MS = 15 * 60_000;

/** Answers kept at most; the oldest go first, and those of an older database state never hit. */
const ANSWER_CACHE_MAX_ENTRIES = 1_000;

export type AnswerCache = {
  /**
   * The answer named `key` in the database state `snapshot` (TenantScope.snapshot), computed by
   * `compute` unless a request of the same state and quarter hour already did. `key` must hold
   * every input of the answer besides the database and the day: the organisation, group or member
   * it is about and the request's parameters.
   */
  get: <T>(snapshot: string, key: string, compute: () => Promise<T>) => Promise<T>;
};

/**
 * Dashboard answers reused only while the database is in the state the caller was read in: any
 * commit anywhere (a new reading, a removed membership, a renamed group) changes PostgreSQL's
 * snapshot, so the next request computes afresh; nothing is ever older than the request's own
 * first statement. A read-only stretch (dashboards open on many screens) is served from memory.
 * Keys name the organisation and everything else the answer depends on, and the route checked the
 * caller's permission and context before asking, so no answer reaches another tenant. Concurrent
 * callers share one computation; a failed one is not kept.
 */
export function createAnswerCache(
  clock: Clock,
  maxEntries: number = ANSWER_CACHE_MAX_ENTRIES,
): AnswerCache {
  const answers = new Map<string, Promise<unknown>>();
  return {
    get<T>(snapshot: string, key: string, compute: () => Promise<T>): Promise<T> {
      const quarter = Math.floor(clock().getTime() / QUARTER_HOUR_MS);
      const entry = `${snapshot}|${quarter}|${key}`;
      const known = answers.get(entry);
      if (known) return known as Promise<T>;
      const answer = compute();
      answers.set(entry, answer);
      if (answers.size > maxEntries) answers.delete(answers.keys().next().value as string);
      answer.catch(() => {
        if (answers.get(entry) === answer) answers.delete(entry);
      });
      return answer;
    },
  };
}

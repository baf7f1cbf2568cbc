import os from 'node:os';
import { Piscina } from 'piscina';
import { analyseReadings, type AnalysedReading } from './reading-analysis.ts';
import type { AnalysisTask, CheckedEntry } from './recording-input.ts';
import { analyseSessions, type AnalysedSession } from './session-analysis.ts';

/**
 * Where the ingestion checks recordings and computes their metrics: each returns one checked
 * entry per entry, in order.
 */
export type HrvAnalyser = {
  readings: (entries: readonly unknown[], now: Date) => Promise<CheckedEntry<AnalysedReading>[]>;
  sessions: (entries: readonly unknown[], now: Date) => Promise<CheckedEntry<AnalysedSession>[]>;
};

/** The worker threads' pool of the app: closed with the app. */
export type HrvPool = HrvAnalyser & { close: () => Promise<void> };

/**
 * On the calling thread: for work that serves no request while it runs (the demo seed before the
 * server listens, tests arranging their data), where a thread pool would only add start-up time.
 */
export const analyseInThisThread: HrvAnalyser = {
  readings: async (entries, now) => analyseReadings({ entries, now }),
  sessions: async (entries, now) => analyseSessions({ entries, now }),
};

// A thread takes most of a second to start (it loads the TypeScript sources): one is started with
// the pool, the others as batches queue up, and an idle one stays this long for the next.
const IDLE_THREAD_MS = 30_000;
// A batch goes to the threads in chunks of entries holding about this many RR values (some 120
// five-minute readings): copying one to its thread holds the event loop for a few ms, and a
// batch of 1,000 readings is a few chunks that the threads share.
const VALUES_PER_CHUNK = 40_000;

/**
 * The checks and metrics of a batch on worker threads, so the event loop only parses requests and
 * talks to the database: one thread per core but one, which the event loop keeps (with PGlite,
 * the database's work runs there too), at least one. The pool starts on first use (a process that
 * never ingests starts no thread); `close` waits for the tasks under way. The threads run the same
 * functions as analyseInThisThread, by name, from hrv-worker.mjs.
 */
export function createHrvPool(): HrvPool {
  const threads = Math.max(1, os.availableParallelism() - 1);
  let pool: Piscina | undefined;
  let closed = false;

  const run = async <T>(
    task: (work: AnalysisTask) => T[],
    entries: readonly unknown[],
    now: Date,
  ) => {
    if (closed) throw new Error('The HRV pool is closed');
    const workers = (pool ??= new Piscina({
      filename: new URL('./hrv-worker.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: IDLE_THREAD_MS,
    }));
    const analysed: Promise<T[]>[] = chunksOf(entries).map((chunk) =>
      // The worker's export of the same name (hrv-worker.mjs).
      workers.run({ entries: chunk, now } satisfies AnalysisTask, { name: task.name }),
    );
    return (await Promise.all(analysed)).flat();
  };

  return {
    readings: (entries, now) => run(analyseReadings, entries, now),
    sessions: (entries, now) => run(analyseSessions, entries, now),
    close: async () => {
      closed = true;
      await pool?.close();
    },
  };
}

/** A batch's entries in order, cut into chunks of about VALUES_PER_CHUNK RR values. */
function chunksOf(entries: readonly unknown[]): unknown[][] {
  const chunks: unknown[][] = [];
  let chunk: unknown[] = [];
  let values = 0;
  for (const entry of entries) {
    chunk.push(entry);
    values += seriesLength(entry);
    if (values >= VALUES_PER_CHUNK) {
      chunks.push(chunk);
      chunk = [];
      values = 0;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** How many RR values an entry carries, before any check (1 for anything that is not a list). */
function seriesLength(entry: unknown): number {
  const rr = typeof entry === 'object' && entry !== null && 'rr' in entry ? entry.rr : null;
  return Array.isArray(rr) ? Math.max(1, rr.length) : 1;
}

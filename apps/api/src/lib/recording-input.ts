import {
  CLOCK_SKEW_MS,
  RR_MAX_BEATS,
  RR_MAX_MS,
  RR_MAX_TOTAL_MS,
  RR_MIN_MS,
} from '@resonant/contracts/readings';
import type { z } from 'zod';
import { badRequest, HttpError } from './http-error.ts';
import { issueMessage } from './zod-issues.ts';

/**
 * Why an RR series cannot be stored, or null when it can: empty, too many intervals, a value that
 * is not a number or outside 200–3000 ms, or longer than 24 hours. `at(i)` names the i-th value in
 * the message (`rr.3` for a JSON body, `line 12` for a file).
 */
export function rrSeriesProblem(
  rr: ArrayLike<unknown>,
  field = 'rr',
  at: (index: number) => string = (index) => `${field}.${index}`,
): string | null {
  if (rr.length === 0) return `${field}: The series is empty`;
  if (rr.length > RR_MAX_BEATS) {
    return `${field}: ${rr.length} intervals is more than the ${RR_MAX_BEATS} allowed`;
  }
  let totalMs = 0;
  for (let index = 0; index < rr.length; index++) {
    const value = rr[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return `${at(index)}: Must be a number of milliseconds`;
    }
    if (value < RR_MIN_MS || value > RR_MAX_MS) {
      return `${at(index)}: ${value} ms is out of range (${RR_MIN_MS}-${RR_MAX_MS} ms)`;
    }
    totalMs += value;
  }
  if (totalMs > RR_MAX_TOTAL_MS) {
    const hours = (totalMs / 3_600_000).toFixed(1);
    return `${field}: The series lasts ${hours} hours, more than the 24 hours allowed`;
  }
  return null;
}

/** Throws 400 naming the problem when an RR series cannot be stored (see rrSeriesProblem). */
function assertRrSeries(rr: ArrayLike<unknown>, field = 'rr'): asserts rr is number[] {
  const problem = rrSeriesProblem(rr, field);
  if (problem) throw badRequest(problem);
}

/**
 * When a recording started, refused when it is not a date or lies in the future beyond the
 * allowed clock skew between the phone and the server.
 */
export function parseRecordingTime(value: string | Date, now: Date, field: string): Date {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw badRequest(`${field}: Must be an ISO 8601 date-time with a time zone`);
  }
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw badRequest(`${field}: Must not be in the future`);
  }
  return at;
}

/**
 * Checks a batch's recordings as their single route checks a body (`schema`, then `timeField` at
 * most the clock skew ahead of `now`, then the RR limits) and `analyse`s each that passes: the
 * checks every kind of recording shares, run by the worker threads (lib/hrv-pool.ts).
 */
export function checkRecordings<
  B extends { rr: unknown[] } & Record<F, string>,
  F extends string,
  T,
>(
  { entries, now }: AnalysisTask,
  schema: z.ZodType<B>,
  timeField: F,
  analyse: (body: B & { rr: number[] }, at: Date) => T,
): CheckedEntry<T>[] {
  return entries.map((entry) =>
    checkEntry(entry, schema, (body) => {
      const at = parseRecordingTime(body[timeField], now, timeField);
      const { rr } = body;
      assertRrSeries(rr);
      return analyse({ ...body, rr }, at);
    }),
  );
}

/** A batch's entries (or a share of them) to check, against the server's clock at the request. */
export type AnalysisTask = { entries: readonly unknown[]; now: Date };

/** One entry of a batch after its checks: the recording to store, or why it cannot be stored. */
export type CheckedEntry<T> =
  { ok: true; recording: T } | { ok: false; clientId: string | null; message: string };

/**
 * Checks one entry of a batch as its single route checks a body: `schema` first (the first issue,
 * named `field: message` as the error handler names a body's), then `check` (the RR and time checks,
 * the metrics), whose 400 becomes the entry's message. Anything else is a fault and throws.
 */
function checkEntry<S extends z.ZodType, T>(
  entry: unknown,
  schema: S,
  check: (body: z.output<S>) => T,
): CheckedEntry<T> {
  const parsed = schema.safeParse(entry);
  try {
    if (!parsed.success) throw badRequest(issueMessage(parsed.error.issues, 'Invalid recording'));
    return { ok: true, recording: check(parsed.data) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ok: false, clientId: clientIdOf(entry), message: error.message };
  }
}

/** The clientId an entry names, trimmed, whatever else is wrong with it; null when it names none. */
function clientIdOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null || !('clientId' in entry)) return null;
  return typeof entry.clientId === 'string' ? entry.clientId.trim() : null;
}

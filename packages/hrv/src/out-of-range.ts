import type { Series, Tally } from './artifact-series.ts';
import { isInRange, MAX_RR_MS, MIN_RR_MS } from './rr-range.ts';
import { refineBySpline, type Refinements } from './spline-refinement.ts';
import { workBuffer } from './work-buffer.ts';

// An out-of-range run longer than this is a dropout, not missed beats: no interpolation can stand
// for it, so it is dropped rather than filled with invented beats.
const MAX_FILL_MS = 10_000;
// Intervals either side of an out-of-range run whose median sets the beat length there.
const REFERENCE_BEATS = 5;

/**
 * Out-of-range values keep the time base: a run of them (and, when it is too short to be a beat,
 * the in-range neighbour that brings it closest to the local beat length, such as the other half
 * of a split interval) is cut into as many intervals as the local median beat length fits, within
 * 300–2000 ms each, shaped by `refineBySpline`. So a 150 ms extra detection is merged back, and
 * 2400 ms of two missed beats at 800 ms becomes three intervals. NaN, infinite and non-positive
 * values carry no time and are dropped, as are runs over 10 s (see MAX_FILL_MS) and a run under
 * 300 ms with no neighbour to join.
 */
export function correctOutOfRange(rr: ArrayLike<number>, tally: Tally): Series {
  const n = rr.length;
  if (tally.artifacts.outOfRange === 0) {
    const values = workBuffer('artifacts.ranged', n);
    const touched = workBuffer('artifacts.ranged-touched', n).fill(0);
    for (let i = 0; i < n; i++) values[i] = rr[i]!;
    return { values, touched, length: n };
  }
  // Rare path: plain arrays, as splitting can make the series longer than the input.
  const values: number[] = [];
  const touched: number[] = [];
  const refinements: Refinements = { starts: [], sizes: [], keepTotal: [] };
  let i = 0;
  while (i < n) {
    if (isInRange(rr[i]!)) {
      values.push(rr[i]!);
      touched.push(0);
      i++;
      continue;
    }
    const start = i;
    let duration = 0;
    for (; i < n && !isInRange(rr[i]!); i++) {
      if (rr[i]! > 0 && rr[i]! < Infinity) duration += rr[i]!;
    }
    tally.corrected += i - start;
    if (duration === 0 || duration > MAX_FILL_MS) continue;
    const reference = localMedian(rr, start, i);
    if (duration < MIN_RR_MS || duration < reference / 2) {
      // The neighbours are in range (runs are maximal); one already corrected is left as it is.
      const last = values.length - 1;
      const previous = last >= 0 && touched[last] === 0 ? values[last]! : Infinity;
      const next = i < n ? rr[i]! : Infinity;
      if (Math.abs(duration + next - reference) < Math.abs(duration + previous - reference)) {
        duration += next;
        tally.corrected++;
        i++;
      } else if (previous < Infinity) {
        duration += previous;
        values.pop();
        touched.pop();
        tally.corrected++;
      }
    }
    const parts = Math.min(
      Math.floor(duration / MIN_RR_MS),
      Math.max(1, Math.ceil(duration / MAX_RR_MS), Math.round(duration / reference)),
    );
    for (let k = 0; k < parts; k++) {
      values.push(duration / parts);
      touched.push(1);
    }
    if (parts > 1) {
      refinements.starts.push(values.length - parts);
      refinements.sizes.push(parts);
      refinements.keepTotal.push(true);
    }
  }
  const length = values.length;
  const series = {
    values: workBuffer('artifacts.ranged', length),
    touched: workBuffer('artifacts.ranged-touched', length),
    length,
  };
  series.values.set(values);
  series.touched.set(touched);
  // Knots: the values as recorded (`touched` is 0 exactly there).
  const trusted = workBuffer('artifacts.trusted', length);
  for (let k = 0; k < length; k++) trusted[k] = 1 - touched[k]!;
  refineBySpline(series.values, length, trusted, refinements, tally.wholeMs);
  return series;
}

/** Median of the nearest REFERENCE_BEATS in-range values before `start` and from `end` on. */
function localMedian(rr: ArrayLike<number>, start: number, end: number): number {
  const around: number[] = [];
  for (let i = start - 1; i >= 0 && around.length < REFERENCE_BEATS; i--) {
    if (isInRange(rr[i]!)) around.push(rr[i]!);
  }
  const before = around.length;
  for (let i = end; i < rr.length && around.length < before + REFERENCE_BEATS; i++) {
    if (isInRange(rr[i]!)) around.push(rr[i]!);
  }
  around.sort((a, b) => a - b);
  const middle = around.length >> 1;
  return around.length % 2 === 1 ? around[middle]! : (around[middle - 1]! + around[middle]!) / 2;
}

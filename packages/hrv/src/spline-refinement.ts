import { evaluateSpline, notAKnotSpline } from './spline.ts';
import { isInRange, MAX_RR_MS, MIN_RR_MS } from './rr-range.ts';
import { workBuffer } from './work-buffer.ts';

/**
 * Corrections waiting for `refineBySpline`: runs of `size` intervals from `start` that hold a
 * provisional value (the local median of a long/short interval, equal parts of a split total),
 * and whether the run keeps its total (the time base).
 */
export type Refinements = { starts: number[]; sizes: number[]; keepTotal: boolean[] };

/**
 * Replaces provisional corrections by a not-a-knot cubic spline through the trusted intervals at
 * their beat times (each interval at the beat ending it), evaluated at the corrected intervals'
 * beat times. A long/short interval takes the spline's value. A run that keeps its total (an
 * ectopic pair, a missed beat, an out-of-range run cut in parts) takes the spline's shape shifted
 * to the same total: the time base stays, and the beat-to-beat swing the spline sees survives
 * where equal parts (the issue's "two intervals of their mean", "equal intervals") flatten it.
 * With 5 % ectopic beats, equal parts cost up to 21 % of HF power over 30 seeds of the accuracy
 * test, the shaped ones 15 %. The provisional values already sit in the series, so a long interval
 * does not push the knots after it late. Outside the knots the nearest knot's value is held, as a
 * cubic's extrapolation runs away; a shaped run that would leave 300–2000 ms keeps its equal
 * parts. Corrections of a series in whole ms are rounded to whole ms, keeping a run's total (beat
 * times rounded, not intervals): far below the spline's error, and it keeps the next pass's
 * quartiles on their fast path.
 */
export function refineBySpline(
  values: Float64Array,
  length: number,
  trusted: Float64Array,
  refinements: Refinements,
  wholeMs: boolean,
): void {
  const { starts, sizes, keepTotal } = refinements;
  if (starts.length === 0) return;
  const knotTimes = workBuffer('artifacts.knot-times', length);
  const knotValues = workBuffer('artifacts.knot-values', length);
  const times = workBuffer('artifacts.times', length);
  let knots = 0;
  let time = 0;
  for (let i = 0; i < length; i++) {
    time += values[i]!;
    times[i] = time;
    if (trusted[i] === 1) {
      knotTimes[knots] = time;
      knotValues[knots++] = values[i]!;
    }
  }
  if (knots >= 2) {
    const at = workBuffer('artifacts.at', length);
    let points = 0;
    for (let g = 0; g < starts.length; g++) {
      for (let k = 0; k < sizes[g]!; k++) at[points++] = times[starts[g]! + k]!;
    }
    const knotTimeline = knotTimes.subarray(0, knots);
    const spline = notAKnotSpline(
      knotTimeline,
      knotValues.subarray(0, knots),
      workBuffer('artifacts.curvature', knots),
    );
    const estimates = evaluateSpline(
      spline,
      at.subarray(0, points),
      workBuffer('artifacts.estimates', points),
    );
    let point = 0;
    for (let g = 0; g < starts.length; g++) {
      const start = starts[g]!;
      const size = sizes[g]!;
      for (let k = 0; k < size; k++) {
        const when = at[point + k]!;
        if (when < knotTimeline[0]!) estimates[point + k] = knotValues[0]!;
        else if (when > knotTimeline[knots - 1]!) estimates[point + k] = knotValues[knots - 1]!;
      }
      if (!keepTotal[g]) {
        values[start] = Math.min(MAX_RR_MS, Math.max(MIN_RR_MS, estimates[point]!));
      } else {
        let shift = 0;
        for (let k = 0; k < size; k++) shift += values[start + k]! - estimates[point + k]!;
        shift /= size;
        let inRange = true;
        for (let k = 0; k < size; k++) inRange &&= isInRange(estimates[point + k]! + shift);
        if (inRange) {
          for (let k = 0; k < size; k++) values[start + k] = estimates[point + k]! + shift;
        }
      }
      point += size;
    }
  }
  if (!wholeMs) return;
  for (let g = 0; g < starts.length; g++) {
    let elapsed = 0;
    let rounded = 0;
    for (let k = starts[g]!; k < starts[g]! + sizes[g]!; k++) {
      elapsed += values[k]!;
      const next = Math.round(elapsed);
      values[k] = next - rounded;
      rounded = next;
    }
  }
}

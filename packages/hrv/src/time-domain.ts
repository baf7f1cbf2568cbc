import { finiteOrNull } from './finite.ts';
import { selectKth } from './select-kth.ts';
import type { TimeDomainMetrics } from './types.ts';
import { workBuffer } from './work-buffer.ts';

/** Breath-cycle length used for `minMax` when the session's pacer is unknown. */
export const DEFAULT_BREATH_CYCLE_SECONDS = 10;
/** Beats in the moving average behind `minHr` / `maxHr`. */
const HR_AVERAGE_BEATS = 5;
/** pNN50 threshold (strictly greater than), Task Force of the ESC and NASPE (1996). */
const NN50_MS = 50;

const NO_TIME_DOMAIN: TimeDomainMetrics = {
  meanNni: null,
  medianNni: null,
  rangeNni: null,
  sdnn: null,
  rmssd: null,
  sdsd: null,
  pnn50: null,
  meanHr: null,
  minHr: null,
  maxHr: null,
  minMax: null,
};

/**
 * Time-domain HRV of NN intervals (ms), as pinned in the HRV issue and the reference README:
 * SDNN and SDSD are sample standard deviations (n − 1), RMSSD and pNN50 average over the n − 1
 * successive differences, mean HR averages 60000/NN beat by beat (not 60000/mean NN).
 */
export function timeDomain(
  nn: ArrayLike<number>,
  options: { breathCycleSeconds?: number } = {},
): TimeDomainMetrics {
  const n = nn.length;
  if (n === 0) return NO_TIME_DOMAIN;

  // Pass 1: sums, extremes and successive differences; instantaneous heart rate is computed once
  // for mean HR, its moving average and the breath cycles.
  const heartRate = workBuffer('time.heart-rate', n);
  let sum = 0;
  let heartRateSum = 0;
  let min = Infinity;
  let max = -Infinity;
  let diffSum = 0;
  let diffSquares = 0;
  let nn50 = 0;
  for (let i = 0; i < n; i++) {
    const value = nn[i]!;
    sum += value;
    heartRate[i] = 60000 / value;
    heartRateSum += heartRate[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
    if (i > 0) {
      const diff = value - nn[i - 1]!;
      diffSum += diff;
      diffSquares += diff * diff;
      if (Math.abs(diff) > NN50_MS) nn50++;
    }
  }
  const mean = sum / n;
  const diffs = n - 1;
  const diffMean = diffSum / diffs;

  // Pass 2: deviations from the means (two passes keep the variances exact to rounding).
  let squaredDeviations = 0;
  let diffDeviations = 0;
  for (let i = 0; i < n; i++) {
    const deviation = nn[i]! - mean;
    squaredDeviations += deviation * deviation;
    if (i > 0) {
      const diffDeviation = nn[i]! - nn[i - 1]! - diffMean;
      diffDeviations += diffDeviation * diffDeviation;
    }
  }

  const [minHr, maxHr] = movingAverageHeartRateRange(heartRate);
  return {
    meanNni: finiteOrNull(mean),
    medianNni: finiteOrNull(median(nn)),
    rangeNni: finiteOrNull(max - min),
    sdnn: n >= 2 ? finiteOrNull(Math.sqrt(squaredDeviations / (n - 1))) : null,
    rmssd: diffs >= 1 ? finiteOrNull(Math.sqrt(diffSquares / diffs)) : null,
    sdsd: diffs >= 2 ? finiteOrNull(Math.sqrt(diffDeviations / (diffs - 1))) : null,
    pnn50: diffs >= 1 ? finiteOrNull((100 * nn50) / diffs) : null,
    meanHr: finiteOrNull(heartRateSum / n),
    minHr: finiteOrNull(minHr),
    maxHr: finiteOrNull(maxHr),
    minMax: finiteOrNull(
      meanBreathCycleHeartRateRange(
        nn,
        heartRate,
        options.breathCycleSeconds ?? DEFAULT_BREATH_CYCLE_SECONDS,
      ),
    ),
  };
}

/** The median by quickselect (Hoare) on a work copy: linear time, where a full sort is n log n. */
function median(values: ArrayLike<number>): number {
  const n = values.length;
  const work = workBuffer('time.median', n);
  for (let i = 0; i < n; i++) work[i] = values[i]!;
  const upper = selectKth(work, 0, n - 1, n >> 1);
  if (n % 2 === 1) return upper;
  // After selection everything left of n/2 is ≤ the upper middle: the lower middle is their max.
  let lower = -Infinity;
  for (let i = 0; i < n >> 1; i++) if (work[i]! > lower) lower = work[i]!;
  return (lower + upper) / 2;
}

/** Min and max of the 5-beat moving average of heart rate; only full windows of 5 beats count. */
function movingAverageHeartRateRange(heartRate: Float64Array): [number | null, number | null] {
  if (heartRate.length < HR_AVERAGE_BEATS) return [null, null];
  let windowSum = 0;
  for (let i = 0; i < HR_AVERAGE_BEATS; i++) windowSum += heartRate[i]!;
  let min = windowSum;
  let max = windowSum;
  for (let i = HR_AVERAGE_BEATS; i < heartRate.length; i++) {
    windowSum += heartRate[i]! - heartRate[i - HR_AVERAGE_BEATS]!;
    if (windowSum < min) min = windowSum;
    if (windowSum > max) max = windowSum;
  }
  return [min / HR_AVERAGE_BEATS, max / HR_AVERAGE_BEATS];
}

/**
 * `minMax`: the mean over breath cycles of (max − min) instantaneous HR. Beat i falls in cycle
 * ⌊(t_i − t_0)/cycle⌋; a cycle with fewer than 2 beats is skipped, and the last, partial cycle
 * counts only if it spans at least half a cycle (5 s of the default 10 s windows).
 */
function meanBreathCycleHeartRateRange(
  nn: ArrayLike<number>,
  heartRate: Float64Array,
  cycleSeconds: number,
): number | null {
  if (nn.length < 2 || !(cycleSeconds > 0)) return null;
  // Beat times as beatTimes() computes them (cumulative ms, then seconds), inline.
  const start = nn[0]! / 1000;
  let elapsedMs = 0;
  let rangeSum = 0;
  let cycles = 0;
  let current = -1;
  let beats = 0;
  let minHr = Infinity;
  let maxHr = -Infinity;
  for (let i = 0; i < nn.length; i++) {
    elapsedMs += nn[i]!;
    const cycle = Math.floor((elapsedMs / 1000 - start) / cycleSeconds);
    if (cycle !== current) {
      if (beats >= 2) {
        rangeSum += maxHr - minHr;
        cycles++;
      }
      current = cycle;
      beats = 0;
      minHr = Infinity;
      maxHr = -Infinity;
    }
    if (heartRate[i]! < minHr) minHr = heartRate[i]!;
    if (heartRate[i]! > maxHr) maxHr = heartRate[i]!;
    beats++;
  }
  // The last, partial cycle counts only when it spans half a cycle.
  if (beats >= 2 && elapsedMs / 1000 - (start + current * cycleSeconds) >= cycleSeconds / 2) {
    rangeSum += maxHr - minHr;
    cycles++;
  }
  return cycles > 0 ? rangeSum / cycles : null;
}

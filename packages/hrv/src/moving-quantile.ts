/**
 * Centred moving quantiles, as pandas' `rolling(window, center=True, min_periods=1).quantile(q)`
 * computes them (NeuroKit2's artifact thresholds): at i the window is values[i − h … i + h] clipped
 * to the series, h = (window − 1) / 2, and a quantile interpolates linearly between the order
 * statistics around q·(size − 1), numpy's default. Windows must be odd and values finite.
 */
import { selectKth } from './select-kth.ts';
import { workBuffer } from './work-buffer.ts';

/**
 * Moving quantiles of the windows centred at from … to − 1 (default: all). The window is kept
 * sorted and each step slides the leaving value to the entering one's place, a shift of the
 * distance between their ranks instead of a sort: about 40 ns a step for window 11.
 */
export function movingQuantiles(
  values: ArrayLike<number>,
  length: number,
  window: number,
  quantiles: readonly number[],
  out: readonly Float64Array[],
  from = 0,
  to = length,
): void {
  const half = halfWindow(window);
  const sorted = workBuffer('moving-quantile.sorted', window);
  let size = 0;
  for (let i = Math.max(0, from - half); i < Math.min(length, from + half); i++) {
    size = insertSorted(sorted, size, values[i]!);
  }
  for (let i = from; i < to; i++) {
    const entering = i + half;
    const leaving = i > from ? i - half - 1 : -1;
    if (entering < length && leaving >= 0) {
      replaceSorted(sorted, size, values[leaving]!, values[entering]!);
    } else if (entering < length) size = insertSorted(sorted, size, values[entering]!);
    else if (leaving >= 0) size = removeSorted(sorted, size, values[leaving]!);
    for (let k = 0; k < quantiles.length; k++) {
      const position = quantiles[k]! * (size - 1);
      const lower = Math.floor(position);
      const low = sorted[lower]!;
      out[k]![i] = lower + 1 < size ? low + (position - lower) * (sorted[lower + 1]! - low) : low;
    }
  }
}

// Bin counts of the histogram (all zero between calls) and each value's bin.
let counts = new Int32Array(8192);
let binOf = new Int32Array(1024);
// Beyond this many bins a histogram costs more than it saves.
const MAX_BIN = 1 << 16;

/**
 * Two moving quantiles, exactly as `movingQuantiles` computes them. When every value is a multiple
 * of 1 / `resolution` and ≥ 0 (such as |dRR| of RR in whole ms, at resolution 1) the window is a
 * histogram of those multiples with a pointer per order statistic that follows it as it slides: a
 * step adds and removes one count and moves each pointer by a bin or two, where the sorted window
 * shifts a third of its length (≈ 45 against ≈ 100 ns a step for window 91). Otherwise it falls
 * back to the sorted window.
 */
export function movingQuantilePair(
  values: ArrayLike<number>,
  length: number,
  window: number,
  resolution: number,
  lowQuantile: number,
  highQuantile: number,
  lowOut: Float64Array,
  highOut: Float64Array,
): void {
  const half = halfWindow(window);
  if (binOf.length < length) binOf = new Int32Array(2 * length);
  let maxBin = 0;
  for (let i = 0; i < length; i++) {
    const scaled = values[i]! * resolution;
    if (!(scaled >= 0 && scaled <= MAX_BIN && scaled === Math.floor(scaled))) {
      movingQuantiles(values, length, window, [lowQuantile, highQuantile], [lowOut, highOut]);
      return;
    }
    binOf[i] = scaled;
    if (scaled > maxBin) maxBin = scaled;
  }
  if (counts.length <= maxBin + 1) counts = new Int32Array(2 * maxBin + 2);
  const bins = counts;
  const binAt = binOf;
  // A pointer per quantile: the bin holding the rank-th smallest value (rank = ⌊q·(size − 1)⌋)
  // and how many of the window's values lie in lower bins. The next order statistic, towards which
  // the quantile interpolates, is in the same bin or the next occupied one.
  let low = 0;
  let lowBelow = 0;
  let high = 0;
  let highBelow = 0;
  let size = 0;
  for (let i = -half; i < length; i++) {
    const entering = i + half;
    const leaving = i - half - 1;
    // (bin − pointer) >>> 31 is 1 when the bin lies below the pointer: no branch to mispredict.
    if (entering < length) {
      const bin = binAt[entering]!;
      bins[bin]!++;
      size++;
      lowBelow += (bin - low) >>> 31;
      highBelow += (bin - high) >>> 31;
    }
    if (leaving >= 0) {
      const bin = binAt[leaving]!;
      bins[bin]!--;
      size--;
      lowBelow -= (bin - low) >>> 31;
      highBelow -= (bin - high) >>> 31;
    }
    if (i < 0) continue; // still filling the first window
    const lowPosition = lowQuantile * (size - 1);
    const lowRank = Math.floor(lowPosition);
    while (lowBelow > lowRank) lowBelow -= bins[--low]!;
    while (lowBelow + bins[low]! <= lowRank) lowBelow += bins[low++]!;
    lowOut[i] = towardsNext(bins, low, lowBelow, lowRank, lowPosition - lowRank) / resolution;
    const highPosition = highQuantile * (size - 1);
    const highRank = Math.floor(highPosition);
    while (highBelow > highRank) highBelow -= bins[--high]!;
    while (highBelow + bins[high]! <= highRank) highBelow += bins[high++]!;
    highOut[i] = towardsNext(bins, high, highBelow, highRank, highPosition - highRank) / resolution;
  }
  for (let i = Math.max(0, length - half - 1); i < length; i++) bins[binAt[i]!] = 0;
}

/** The quantile `fraction` of the way from the rank-th smallest value (in `bin`) to the next. */
function towardsNext(
  bins: Int32Array,
  bin: number,
  below: number,
  rank: number,
  fraction: number,
): number {
  if (fraction === 0 || below + bins[bin]! > rank + 1) return bin;
  let next = bin + 1;
  while (bins[next] === 0) next++;
  return bin + fraction * (next - bin);
}

/**
 * The quantiles `lowQuantile` ≤ `highQuantile` of values[start … end), exactly (as the moving
 * ones), by quickselect on a copy: linear time, for the few windows needed one at a time.
 */
export function quantilePair(
  values: ArrayLike<number>,
  start: number,
  end: number,
  lowQuantile: number,
  highQuantile: number,
): [low: number, high: number] {
  const size = end - start;
  const work = workBuffer('moving-quantile.select', size);
  for (let i = 0; i < size; i++) work[i] = values[start + i]!;
  // Selecting the high rank first leaves everything below it in work[0 … highRank], where the low
  // rank is then selected; after both, whatever follows a selected rank is at least its value, so
  // the next order statistic is the least value after it.
  const highPosition = highQuantile * (size - 1);
  const highRank = Math.floor(highPosition);
  selectKth(work, 0, size - 1, highRank);
  const high = towardsLeastAfter(work, size, highRank, highPosition - highRank);
  const lowPosition = lowQuantile * (size - 1);
  const lowRank = Math.floor(lowPosition);
  selectKth(work, 0, highRank, lowRank);
  const low = towardsLeastAfter(work, size, lowRank, lowPosition - lowRank);
  return [low, high];
}

/** work[rank] moved `fraction` of the way to the least of work[rank + 1 … size). */
function towardsLeastAfter(
  work: Float64Array,
  size: number,
  rank: number,
  fraction: number,
): number {
  const value = work[rank]!;
  if (fraction === 0 || rank + 1 >= size) return value;
  let next = Infinity;
  for (let i = rank + 1; i < size; i++) next = Math.min(next, work[i]!);
  return value + fraction * (next - value);
}

/** The median of the one window centred at `centre`, by insertion sort of its (few) values. */
export function windowMedian(
  values: ArrayLike<number>,
  length: number,
  window: number,
  centre: number,
): number {
  const half = halfWindow(window);
  const start = Math.max(0, centre - half);
  const end = Math.min(length, centre + half + 1);
  const sorted = workBuffer('moving-quantile.median', window);
  let size = 0;
  for (let i = start; i < end; i++) size = insertSorted(sorted, size, values[i]!);
  // Interpolated as `movingQuantiles` does, so that both give the same bits.
  const middle = (size - 1) >> 1;
  const low = sorted[middle]!;
  return size % 2 === 1 ? low : low + 0.5 * (sorted[middle + 1]! - low);
}

function halfWindow(window: number): number {
  if (!(window >= 1 && window % 2 === 1)) throw new RangeError('the window must be odd');
  return (window - 1) / 2;
}

/** The first index in sorted[0 … size) whose value is ≥ value. */
function lowerBound(sorted: Float64Array, size: number, value: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(sorted: Float64Array, size: number, value: number): number {
  let i = size;
  while (i > 0 && sorted[i - 1]! > value) {
    sorted[i] = sorted[i - 1]!;
    i--;
  }
  sorted[i] = value;
  return size + 1;
}

function removeSorted(sorted: Float64Array, size: number, value: number): number {
  for (let i = lowerBound(sorted, size, value); i < size - 1; i++) sorted[i] = sorted[i + 1]!;
  return size - 1;
}

/** Overwrites one occurrence of `leaving` with `entering`, sliding the values in between. */
function replaceSorted(
  sorted: Float64Array,
  size: number,
  leaving: number,
  entering: number,
): void {
  let i = lowerBound(sorted, size, leaving);
  if (entering > leaving) {
    while (i + 1 < size && sorted[i + 1]! < entering) {
      sorted[i] = sorted[i + 1]!;
      i++;
    }
  } else {
    while (i > 0 && sorted[i - 1]! > entering) {
      sorted[i] = sorted[i - 1]!;
      i--;
    }
  }
  sorted[i] = entering;
}

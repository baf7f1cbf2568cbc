import { describe, expect, it } from 'vitest';
import {
  movingQuantilePair,
  movingQuantiles,
  quantilePair,
  windowMedian,
} from './moving-quantile.ts';
import { createRandom } from './random.ts';

/** numpy's default quantile: linear between the order statistics around q·(n − 1). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = q * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower]! + (position - lower) * (sorted[upper]! - sorted[lower]!);
}

/** pandas' rolling(window, center=True, min_periods=1).quantile(q), by sorting every window. */
function naive(values: number[], window: number, q: number): number[] {
  const half = (window - 1) / 2;
  return values.map((_, i) =>
    quantile(values.slice(Math.max(0, i - half), Math.min(values.length, i + half + 1)), q),
  );
}

/** Values from a seeded stream: `step` sets their resolution (1: whole numbers, 0: any). */
function series(seed: number, length: number, step: number): number[] {
  const random = createRandom(seed);
  return Array.from({ length }, () => {
    const value = random.uniform(0, 120);
    return step > 0 ? Math.floor(value / step) * step : value;
  });
}

describe('movingQuantiles', () => {
  it.each([
    [1, 1],
    [11, 40],
    [91, 300],
    [91, 20],
  ])('equals sorting each window (window %i, %i values)', (window, length) => {
    const values = series(window + length, length, 0);
    const low = new Float64Array(length);
    const high = new Float64Array(length);
    movingQuantiles(values, length, window, [0.25, 0.75], [low, high]);
    expect(Array.from(low)).toEqual(naive(values, window, 0.25));
    expect(Array.from(high)).toEqual(naive(values, window, 0.75));
  });

  it('computes a range of windows as the whole series does', () => {
    const values = series(3, 200, 1);
    const whole = new Float64Array(200);
    const part = new Float64Array(200).fill(-1);
    movingQuantiles(values, 200, 11, [0.5], [whole]);
    movingQuantiles(values, 200, 11, [0.5], [part], 60, 140);
    expect(Array.from(part.subarray(60, 140))).toEqual(Array.from(whole.subarray(60, 140)));
    expect(part[59]).toBe(-1);
    expect(part[140]).toBe(-1);
  });

  it('needs an odd window', () => {
    expect(() => movingQuantiles([1, 2], 2, 4, [0.5], [new Float64Array(2)])).toThrow(RangeError);
  });
});

describe('movingQuantilePair', () => {
  it.each([
    ['whole numbers, on the histogram', 1, 1],
    ['halves at resolution 2, on the histogram', 0.5, 2],
    ['any values, on the sorted window', 0, 2],
  ])('equals sorting each window: %s', (_name, step, resolution) => {
    // Twice, so that the histogram is shown to be cleared between calls.
    for (const seed of [1, 2]) {
      const values = series(seed, 300, step);
      const low = new Float64Array(300);
      const high = new Float64Array(300);
      movingQuantilePair(values, 300, 91, resolution, 0.25, 0.75, low, high);
      expect(Array.from(low)).toEqual(naive(values, 91, 0.25));
      expect(Array.from(high)).toEqual(naive(values, 91, 0.75));
    }
  });

  it('handles series shorter than the window and many equal values', () => {
    const values = [5, 5, 5, 7, 5, 5, 0, 5];
    const low = new Float64Array(8);
    const high = new Float64Array(8);
    movingQuantilePair(values, 8, 91, 1, 0.25, 0.75, low, high);
    expect(Array.from(low)).toEqual(naive(values, 91, 0.25));
    expect(Array.from(high)).toEqual(naive(values, 91, 0.75));
  });
});

describe('quantilePair and windowMedian', () => {
  it('equal sorting the window', () => {
    const values = series(7, 150, 1); // whole numbers: many ties
    for (const centre of [0, 3, 60, 149]) {
      const start = Math.max(0, centre - 45);
      const end = Math.min(150, centre + 46);
      const window = values.slice(start, end);
      expect(quantilePair(values, start, end, 0.25, 0.75)).toEqual([
        quantile(window, 0.25),
        quantile(window, 0.75),
      ]);
      const near = values.slice(Math.max(0, centre - 5), Math.min(150, centre + 6));
      expect(windowMedian(values, 150, 11, centre)).toBe(quantile(near, 0.5));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { smoothnessPriorsDetrend } from './detrend.ts';

const series = (n: number, f: (t: number) => number) =>
  Float64Array.from({ length: n }, (_, i) => f(i / 4));

function rms(values: Float64Array) {
  return Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / values.length);
}

describe('smoothnessPriorsDetrend', () => {
  it('removes a linear trend entirely (D₂ annihilates it)', () => {
    const detrended = smoothnessPriorsDetrend(series(1200, (t) => 900 + 0.8 * t));
    expect(rms(detrended)).toBeLessThan(1e-6);
  });

  it('keeps respiratory oscillations and removes very slow ones (cut-off ≈ 0.035 Hz at λ = 500)', () => {
    const fast = series(1200, (t) => 20 * Math.sin(2 * Math.PI * 0.25 * t));
    const fastOut = smoothnessPriorsDetrend(fast);
    expect(rms(fastOut.subarray(100, 1100)) / rms(fast.subarray(100, 1100))).toBeGreaterThan(0.99);
    const slow = series(1200, (t) => 20 * Math.sin(2 * Math.PI * 0.005 * t));
    const slowOut = smoothnessPriorsDetrend(slow);
    expect(rms(slowOut.subarray(100, 1100)) / rms(slow.subarray(100, 1100))).toBeLessThan(0.05);
  });

  it('may write in place', () => {
    const input = series(400, (t) => Math.sin(t) + t);
    const copy = Float64Array.from(input);
    const expected = smoothnessPriorsDetrend(copy);
    smoothnessPriorsDetrend(input, 500, input);
    expect(Array.from(input)).toEqual(Array.from(expected));
  });
});

import { describe, expect, it } from 'vitest';
import { nextPowerOfTwo, welch } from './welch.ts';

/** The one-sided periodogram of one Hann-windowed segment by a direct DFT. */
function naivePeriodogram(signal: number[], fs: number, nfft: number) {
  const n = signal.length;
  const window = signal.map((_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n));
  const sumOfSquares = window.reduce((sum, w) => sum + w * w, 0);
  return Array.from({ length: nfft / 2 + 1 }, (_, k) => {
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i++) {
      re += signal[i]! * window[i]! * Math.cos((2 * Math.PI * k * i) / nfft);
      im -= signal[i]! * window[i]! * Math.sin((2 * Math.PI * k * i) / nfft);
    }
    const density = (re * re + im * im) / (fs * sumOfSquares);
    return k === 0 || k === nfft / 2 ? density : 2 * density;
  });
}

describe('welch', () => {
  it('equals a direct DFT periodogram for a single zero-padded segment', () => {
    const signal = Array.from(
      { length: 300 },
      (_, i) => Math.sin(i * 0.37) + ((i * 7919) % 13) / 13,
    );
    const { psd, df } = welch(Float64Array.from(signal), 4, 256);
    expect(df).toBe(4 / 1024);
    const expected = naivePeriodogram(signal, 4, 1024);
    expected.forEach((value, k) => expect(psd[k]).toBeCloseTo(value, 9));
  });

  it('integrates a sinusoid of amplitude A to A²/2 (mean of several segments)', () => {
    const amplitude = 30;
    const signal = Float64Array.from(
      { length: 4 * 600 },
      (_, i) => amplitude * Math.sin(2 * Math.PI * 0.1 * (i / 4)),
    );
    const { psd, df } = welch(signal, 4, 256);
    const power = psd.reduce((sum, p) => sum + p, 0) * df;
    expect(power).toBeCloseTo((amplitude * amplitude) / 2, 0);
  });

  it('uses nfft = next power of two ≥ max(window samples, 1024)', () => {
    expect(welch(new Float64Array(1500), 4, 300).df).toBe(4 / 2048);
    expect(welch(new Float64Array(100), 4, 60).df).toBe(4 / 1024);
    expect(nextPowerOfTwo(1024)).toBe(1024);
    expect(nextPowerOfTwo(1025)).toBe(2048);
  });
});

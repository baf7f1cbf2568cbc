import { describe, expect, it } from 'vitest';
import { frequencyDomain } from './frequency-domain.ts';

/** Beats whose intervals follow rr(t) = base + A·sin(2πft) at the time each interval ends. */
function modulatedSeries(durationS: number, amplitude: number, hz: number, base = 1000) {
  const rr: number[] = [];
  let t = 0;
  while (t < durationS) {
    const next = t + base / 1000;
    const interval = base + amplitude * Math.sin(2 * Math.PI * hz * next);
    rr.push(interval);
    t += interval / 1000;
  }
  return rr;
}

describe('frequencyDomain', () => {
  it('puts a 0.1 Hz modulation of amplitude A into LF as A²/2 and nothing into HF', () => {
    const amplitude = 30;
    const metrics = frequencyDomain(modulatedSeries(300, amplitude, 0.1), { detrend: 'none' });
    expect(metrics.lf! / ((amplitude * amplitude) / 2)).toBeGreaterThan(0.95);
    expect(metrics.lf! / ((amplitude * amplitude) / 2)).toBeLessThan(1.05);
    expect(metrics.hf!).toBeLessThan(0.01 * metrics.lf!);
    expect(metrics.lfPeak).toBeCloseTo(0.1, 2);
    expect(metrics.lfNu).toBeGreaterThan(99);
  });

  it('puts a 0.25 Hz modulation into HF', () => {
    const metrics = frequencyDomain(modulatedSeries(300, 20, 0.25));
    expect(metrics.hf! / 200).toBeGreaterThan(0.95);
    expect(metrics.hf! / 200).toBeLessThan(1.05);
    expect(metrics.lf!).toBeLessThan(0.01 * metrics.hf!);
    expect(metrics.hfPeak).toBeCloseTo(0.25, 2);
  });

  it('keeps the band relations: total = VLF + LF + HF, shares sum to 100', () => {
    const rr = modulatedSeries(300, 20, 0.1).map(
      (value, i) => value + 15 * Math.sin(i * 1.3) + 10 * Math.sin(i * 0.02),
    );
    const m = frequencyDomain(rr);
    expect(m.totalPower).toBeCloseTo(m.vlf! + m.lf! + m.hf!, 8);
    expect(m.vlfPercent! + m.lfPercent! + m.hfPercent!).toBeCloseTo(100, 8);
    expect(m.lfNu! + m.hfNu!).toBeCloseTo(100, 8);
    expect(m.lfHf).toBeCloseTo(m.lf! / m.hf!, 10);
  });

  it('gives zero power and no peaks or ratios for a constant series', () => {
    const m = frequencyDomain(Array(300).fill(1000));
    expect([m.vlf, m.lf, m.hf, m.totalPower]).toEqual([0, 0, 0, 0]);
    expect([m.lfHf, m.lfNu, m.vlfPercent, m.lfPeak, m.hfPeak]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('returns nulls when the series is too short to resample', () => {
    expect(Object.values(frequencyDomain([1000, 1000])).every((v) => v === null)).toBe(true);
  });
});

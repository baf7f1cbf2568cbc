import { describe, expect, it } from 'vitest';
import { timeDomain } from './time-domain.ts';

describe('timeDomain', () => {
  it('matches values computed by hand for a short sequence', () => {
    // Deviations from the mean 850: −50, 0, 50, 0, −50, 50 (squares sum to 10000).
    // Successive differences 50, 50, −50, −50, 100: squares sum to 20000, mean 20, deviations
    // 30, 30, −70, −70, 80 (squares sum to 18000); one of five exceeds 50 ms.
    const metrics = timeDomain([800, 850, 900, 850, 800, 900]);
    expect(metrics.meanNni).toBe(850);
    expect(metrics.medianNni).toBe(850);
    expect(metrics.rangeNni).toBe(100);
    expect(metrics.sdnn).toBeCloseTo(Math.sqrt(10000 / 5), 10);
    expect(metrics.rmssd).toBeCloseTo(Math.sqrt(20000 / 5), 10);
    expect(metrics.sdsd).toBeCloseTo(Math.sqrt(18000 / 4), 10);
    expect(metrics.pnn50).toBeCloseTo(20, 10);
    const heartRates = [75, 60000 / 850, 60000 / 900, 60000 / 850, 75, 60000 / 900];
    expect(metrics.meanHr).toBeCloseTo(heartRates.reduce((a, b) => a + b) / 6, 10);
    expect(metrics.minHr).toBeCloseTo(heartRates.slice(1).reduce((a, b) => a + b) / 5, 10);
    expect(metrics.maxHr).toBeCloseTo(heartRates.slice(0, 5).reduce((a, b) => a + b) / 5, 10);
    // All beats fall within 4.3 s of the first: one partial window, too short to count.
    expect(metrics.minMax).toBeNull();
  });

  it('counts pNN50 with a strict >', () => {
    expect(timeDomain([1000, 1050, 1000, 1051]).pnn50).toBeCloseTo(100 / 3, 10);
  });

  it('uses the mean of two middle values as the median of an even count', () => {
    expect(timeDomain([900, 700, 1000, 800]).medianNni).toBe(850);
  });

  it('averages the heart-rate range over 10-second windows from the first beat', () => {
    const alternating = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 1000 : 750));
    // Window 0 holds the 12 alternating beats (60 and 80 bpm, range 20), ending at t = 10.5 s.
    // Seven steady beats end at 17.5 s: window 1 spans 6.5 s ≥ 5 s and adds a range of 0.
    expect(timeDomain([...alternating, ...Array(7).fill(1000)]).minMax).toBeCloseTo(10, 10);
    // Four steady beats end at 14.5 s: the last window spans 3.5 s and is left out.
    expect(timeDomain([...alternating, ...Array(4).fill(1000)]).minMax).toBeCloseTo(20, 10);
  });

  it('uses the breath cycle of the pacer for minMax when given', () => {
    // 6 breaths/min → 10 s cycles, as the default; 12 breaths/min → 5 s cycles.
    const series = [...Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 1000 : 750))];
    expect(timeDomain(series, { breathCycleSeconds: 5 }).minMax).toBeCloseTo(20, 10);
  });

  it('gives zero variability for a constant series', () => {
    const metrics = timeDomain(Array(300).fill(1000));
    expect(metrics).toMatchObject({ sdnn: 0, rmssd: 0, sdsd: 0, pnn50: 0, rangeNni: 0, minMax: 0 });
    expect(metrics.meanHr).toBe(60);
  });

  it('returns null for what a too-short series cannot give', () => {
    expect(Object.values(timeDomain([])).every((value) => value === null)).toBe(true);
    const one = timeDomain([1000]);
    expect(one.meanNni).toBe(1000);
    expect([one.sdnn, one.rmssd, one.sdsd, one.pnn50, one.minHr, one.minMax]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('never returns NaN or Infinity, even for zero intervals', () => {
    const metrics = timeDomain([0, 0, 0, 0, 0, 0]);
    for (const value of Object.values(metrics)) {
      expect(value === null || Number.isFinite(value)).toBe(true);
    }
  });
});

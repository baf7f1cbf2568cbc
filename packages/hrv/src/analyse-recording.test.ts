import { describe, expect, it } from 'vitest';
import { analyseRecording } from './analyse-recording.ts';
import { generateRr } from './synthetic.ts';
import { HRV_METRIC_KEYS } from './types.ts';

const clean = (durationS: number, seed = 7) =>
  generateRr({ seed, durationS, meanHr: 62, ectopicRate: 0 });

describe('analyseRecording', () => {
  it('gives every metric of a clean 5-minute recording, good quality', () => {
    const { metrics, quality } = analyseRecording(clean(300));
    expect(Object.keys(metrics)).toEqual([...HRV_METRIC_KEYS]);
    for (const key of HRV_METRIC_KEYS) expect(metrics[key]).not.toBeNull();
    expect(metrics.artifactPercent).toBe(0);
    expect(quality).toBe('good');
  });

  it('flags recordings under 60 s as low quality', () => {
    expect(analyseRecording(clean(50)).quality).toBe('low');
    expect(analyseRecording(clean(70)).quality).toBe('good');
  });

  it('flags recordings with more than 5 % corrected beats as low quality', () => {
    const rr = Array.from(clean(300));
    // Every 12th beat split into an extra detection: ≈ 8 % of the intervals are artifacts.
    const noisy = rr.flatMap((value, i) => (i % 12 === 5 ? [value * 0.4, value * 0.6] : [value]));
    const { metrics, quality } = analyseRecording(noisy);
    expect(metrics.artifactPercent).toBeGreaterThan(5);
    expect(quality).toBe('low');
  });

  it('leaves the series as it is with correction off', () => {
    const rr = [800, 810, 2500, 790, 805, 800];
    const { nn, metrics } = analyseRecording(rr, { correction: false });
    expect(Array.from(nn)).toEqual(rr);
    expect(metrics.rangeNni).toBe(1710);
    expect(metrics.artifactPercent).toBe(0);
  });

  it.each([
    ['empty', []],
    ['one beat', [1000]],
    ['zeros', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['huge', [1e9, 1e9, 1e9]],
    ['negative', [-5, 800, 810]],
  ])('never lets NaN or Infinity out (%s)', (_name, rr) => {
    for (const correction of [true, false]) {
      const { metrics } = analyseRecording(rr, { correction });
      for (const key of HRV_METRIC_KEYS) {
        const value = metrics[key];
        expect(value === null || Number.isFinite(value), `${key} = ${value}`).toBe(true);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { analyseSession, summariseOptimalZone } from './analyse-session.ts';
import { generateRr } from './synthetic.ts';
import { timeDomain } from './time-domain.ts';

const session = (durationS: number) =>
  generateRr({ seed: 42, durationS, meanHr: 66, breathsPerMinute: 6, ectopicRate: 0 });
/** Per minute 1 … `minutes`: false before minute `first`, true from it on. */
const fromMinute = (first: number, minutes: number) =>
  Array.from({ length: minutes }, (_, index) => index + 1 >= first);

describe('analyseSession', () => {
  it('reports each minute from 1, LF reliable from 2 min and VLF from 5 min of window', () => {
    const result = analyseSession({ rr: session(600), breathsPerMinute: 6 });
    expect(result.minutes.map((m) => m.countTime)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.minutes.map((m) => m.lfReliable)).toEqual(fromMinute(2, 10));
    expect(result.minutes.map((m) => m.vlfReliable)).toEqual(fromMinute(5, 10));
    expect(result.quality).toBe('good');
  });

  it("computes each minute's time domain on that minute's beats alone", () => {
    const rr = session(300);
    const result = analyseSession({ rr, breathsPerMinute: 6 });
    let elapsed = 0;
    const secondMinute = Array.from(rr).filter((value) => {
      elapsed += value / 1000;
      return elapsed > 60 && elapsed <= 120;
    });
    expect(result.minutes[1]!.metrics.beats).toBe(secondMinute.length);
    expect(result.minutes[1]!.metrics.rmssd).toBeCloseTo(timeDomain(secondMinute).rmssd!, 9);
  });

  it('averages the minutes into the session figures', () => {
    const result = analyseSession({ rr: session(420), breathsPerMinute: 6 });
    const rmssds = result.minutes.map((m) => m.metrics.rmssd!);
    expect(result.averages.rmssd).toBeCloseTo(rmssds.reduce((a, b) => a + b) / rmssds.length, 9);
    expect(result.averages.beats).toBe(session(420).length);
    expect(result.averages.durationS).toBeGreaterThan(415);
  });

  it('counts a last partial minute only from 30 s on', () => {
    expect(analyseSession({ rr: session(160) }).minutes).toHaveLength(3);
    expect(analyseSession({ rr: session(140) }).minutes).toHaveLength(2);
  });

  it('shows paced breathing at 6/min as an LF peak near 0.1 Hz', () => {
    const result = analyseSession({ rr: session(600), breathsPerMinute: 6 });
    expect(result.averages.lfPeak).toBeGreaterThan(0.08);
    expect(result.averages.lfPeak).toBeLessThan(0.12);
    expect(result.averages.lf!).toBeGreaterThan(result.averages.hf!);
  });

  it('gives no optimal-zone figures without samples', () => {
    expect(analyseSession({ rr: session(120) }).optimalZone).toBeNull();
    expect(analyseSession({ rr: session(120), optimalZoneScores: [] }).optimalZone).toBeNull();
  });

  it('has no minutes and low quality for a session under 30 s, with no NaN anywhere', () => {
    const result = analyseSession({ rr: session(20) });
    expect(result.minutes).toEqual([]);
    expect(result.quality).toBe('low');
    expect(JSON.stringify(result)).not.toMatch(/NaN|Infinity/);
  });
});

describe('summariseOptimalZone', () => {
  it('gives the share of samples above 80 and the mean score', () => {
    expect(summariseOptimalZone([90, 85, 80, 50])).toEqual({
      ozSesAvgPercentage: 50,
      optimalZoneSessionAverage: 76.25,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  baselineOn,
  cvPercentOn,
  dailyLnRmssd,
  dayNumber,
  dayOfNumber,
  normalRangeDays,
  normalRangeFiguresOn,
  normalRangeOn,
  readingStanding,
  type DayRmssd,
} from './normal-range.ts';

// RMSSD values of e^k ms have ln RMSSD k, so every expected value below is worked out by hand.
const e = Math.exp;
const START = dayNumber('2026-01-01');
const day = (offset: number) => dayOfNumber(START + offset);
/** One reading per listed day offset, with the ln RMSSD given. */
const readingsOf = (lnByOffset: [number, number][]): DayRmssd[] =>
  lnByOffset.map(([offset, ln]) => ({ day: day(offset), rmssd: e(ln) }));

describe('days', () => {
  it('numbers days and back', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayOfNumber(dayNumber('2024-02-29') + 1)).toBe('2024-03-01');
    expect(dayOfNumber(dayNumber('0001-01-01'))).toBe('0001-01-01');
    expect(() => dayNumber('2026-1-1')).toThrow('Not a day');
  });
});

describe('dailyLnRmssd', () => {
  it('averages ln RMSSD per day, so a day weighs the same however many readings it has', () => {
    const daily = dailyLnRmssd([
      { day: '2026-01-01', rmssd: e(2) },
      { day: '2026-01-01', rmssd: e(4) },
      { day: '2026-01-02', rmssd: e(5) },
    ]);
    expect(daily.get(START)).toBeCloseTo(3, 12);
    expect(daily.get(START + 1)).toBeCloseTo(5, 12);
  });

  it('leaves out an RMSSD that has no logarithm', () => {
    const daily = dailyLnRmssd([
      { day: '2026-01-01', rmssd: 0 },
      { day: '2026-01-01', rmssd: Number.NaN },
      { day: '2026-01-01', rmssd: -3 },
      { day: '2026-01-02', rmssd: Number.POSITIVE_INFINITY },
    ]);
    expect(daily.size).toBe(0);
  });
});

describe('baseline and coefficient of variation (7 days, at least 3 with readings)', () => {
  const daily = dailyLnRmssd(
    readingsOf([
      [0, 3],
      [1, 4],
      [2, 5],
    ]),
  );

  it('is exp of the mean ln RMSSD of the day and the 6 before', () => {
    expect(baselineOn(daily, START + 2)).toBeCloseTo(e(4), 9);
    // Day 6 still holds days 0-2 in its window (days 0..6).
    expect(baselineOn(daily, START + 6)).toBeCloseTo(e(4), 9);
  });

  it('is null with fewer than 3 days of readings in the window', () => {
    expect(baselineOn(daily, START + 1)).toBeNull(); // days 0 and 1 only
    expect(baselineOn(daily, START + 7)).toBeNull(); // window 1..7: days 1 and 2
    expect(cvPercentOn(daily, START + 1)).toBeNull();
  });

  it('gives the CV of ln RMSSD: sd 1 over mean 4 is 25 %', () => {
    // ln values 3, 4, 5: mean 4, sample sd sqrt((1 + 0 + 1) / 2) = 1.
    expect(cvPercentOn(daily, START + 2)).toBeCloseTo(25, 9);
  });

  it('is flat for a steady member: CV 0', () => {
    const steady = dailyLnRmssd(
      readingsOf([
        [0, 4],
        [3, 4],
        [6, 4],
      ]),
    );
    expect(baselineOn(steady, START + 6)).toBeCloseTo(e(4), 9);
    expect(cvPercentOn(steady, START + 6)).toBe(0);
  });
});

describe('normal range (60 days, at least 14 with readings)', () => {
  // 14 days alternating ln 3 and ln 5: mean 4, sample sd sqrt(14 × 1 / 13).
  const fourteen = readingsOf(
    Array.from({ length: 14 }, (_, i): [number, number] => [i * 2, i % 2 === 0 ? 3 : 5]),
  );
  const sd = Math.sqrt(14 / 13);

  it('is exp(mean ± 0.5 sd) of the daily ln RMSSD', () => {
    const range = normalRangeOn(dailyLnRmssd(fourteen), START + 26);
    expect(range?.low).toBeCloseTo(e(4 - 0.5 * sd), 9);
    expect(range?.high).toBeCloseTo(e(4 + 0.5 * sd), 9);
  });

  it('is null with 13 days of readings', () => {
    expect(normalRangeOn(dailyLnRmssd(fourteen.slice(1)), START + 26)).toBeNull();
  });

  it('forgets a day 60 days later', () => {
    const daily = dailyLnRmssd(fourteen);
    // Day 0 leaves the window on day 60 (window 1..60): 13 days remain.
    expect(normalRangeOn(daily, START + 59)).not.toBeNull();
    expect(normalRangeOn(daily, START + 60)).toBeNull();
  });
});

describe('normalRangeDays', () => {
  it('gives every day of the range, reading the 59 days before it', () => {
    const readings = readingsOf(Array.from({ length: 20 }, (_, i): [number, number] => [i, 4]));
    const days = normalRangeDays(readings, day(19), day(21));
    expect(days.map((figures) => figures.day)).toEqual([day(19), day(20), day(21)]);
    expect(days[0]).toMatchObject({ cvPercent: 0 });
    expect(days[0]!.baseline).toBeCloseTo(e(4), 9);
    expect(days[0]!.normalLow).toBeCloseTo(e(4), 9);
    expect(days[0]!.normalHigh).toBeCloseTo(e(4), 9);
    // Day 21: the window 15..21 holds days 15-19, five of them.
    expect(days[2]!.baseline).toBeCloseTo(e(4), 9);
  });

  it('is all null with too little data', () => {
    const days = normalRangeDays(
      readingsOf([
        [0, 4],
        [1, 4],
      ]),
      day(0),
      day(1),
    );
    for (const figures of days) {
      expect(figures).toMatchObject({
        baseline: null,
        cvPercent: null,
        normalLow: null,
        normalHigh: null,
      });
    }
  });

  it('visits only the days within 59 days after a day with a value, as day by day would', () => {
    const readings = readingsOf([
      ...Array.from({ length: 20 }, (_, i): [number, number] => [i, 3 + (i % 3) / 10]),
      ...Array.from({ length: 15 }, (_, i): [number, number] => [200 + 2 * i, 4 - (i % 4) / 10]),
    ]);
    const daily = dailyLnRmssd(readings);
    // Day by day over the whole span, keeping the days with a value in their 60-day window.
    const expected = [];
    for (let offset = -10; offset <= 300; offset++) {
      const number = START + offset;
      const hasValue = [...daily.keys()].some((key) => key <= number && key > number - 60);
      if (!hasValue) continue;
      expected.push(normalRangeFiguresOn(daily, number));
    }
    const days = normalRangeDays(readings, day(-10), day(300));
    expect(days).toEqual(expected);
    // 0..78 after the first stretch (19 + 59), 200..287 after the second (228 + 59).
    expect(days.map((figures) => figures.day)).toEqual([
      ...Array.from({ length: 79 }, (_, i) => day(i)),
      ...Array.from({ length: 88 }, (_, i) => day(200 + i)),
    ]);
  });

  it('jumps over a gap of centuries: one figure day per day that can have one', () => {
    const readings = [
      ...['0001-01-01', '0001-01-02', '0001-01-03'].map((d) => ({ day: d, rmssd: e(3) })),
      ...readingsOf([
        [0, 4],
        [1, 4],
        [2, 4],
      ]),
    ];
    const days = normalRangeDays(readings, '0001-01-01', day(100));
    // 0001-01-01 .. 0001-03-03 (0001-01-03 + 59), then day 0 .. day 61: 62 + 62 days, not 739,000.
    expect(days).toHaveLength(124);
    expect(days[0]!.day).toBe('0001-01-01');
    expect(days[61]!.day).toBe('0001-03-03');
    expect(days[62]!.day).toBe(day(0));
    expect(days.at(-1)!.day).toBe(day(61));
    expect(days[2]!.baseline).toBeCloseTo(e(3), 9);
    expect(days[64]!.baseline).toBeCloseTo(e(4), 9);
    // Day 7: the window 1..7 holds days 1 and 2 only.
    expect(days[69]!.baseline).toBeNull();
  });

  it('is empty when from is after to', () => {
    expect(normalRangeDays([], day(2), day(1))).toEqual([]);
  });
});

describe('readingStanding', () => {
  const range = { low: 40, high: 60 };
  it('places a reading below, within (bounds included) or above the range', () => {
    expect(readingStanding(39.9, range)).toBe('below_normal');
    expect(readingStanding(40, range)).toBe('within_normal');
    expect(readingStanding(60, range)).toBe('within_normal');
    expect(readingStanding(60.1, range)).toBe('above_normal');
  });
});

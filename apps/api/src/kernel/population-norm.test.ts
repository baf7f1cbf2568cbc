import { describe, expect, it } from 'vitest';
import {
  meanNorm,
  normOf,
  PLATFORM_BAND_MIN_MEMBERS,
  platformNorms,
  publishedNorm,
  VOSS_2015_RMSSD_MS,
} from './population-norm.ts';

describe('population norm', () => {
  it('reads the Voss et al. 2015 table, the nearest decade outside 25–74', () => {
    expect(publishedNorm('Male', 25)).toBe(36.2);
    expect(publishedNorm('Female', 55)).toBe(20.3);
    expect(publishedNorm('Female', 15)).toBe(VOSS_2015_RMSSD_MS.Female[25]);
    expect(publishedNorm('Male', 85)).toBe(VOSS_2015_RMSSD_MS.Male[65]);
  });

  it(`uses the platform mean of a band only from ${PLATFORM_BAND_MIN_MEMBERS} members`, () => {
    const few = platformNorms([{ sex: 'Male', band: 25, members: 19, meanRmssd: 55 }]);
    const enough = platformNorms([{ sex: 'Male', band: 25, members: 20, meanRmssd: 55 }]);
    expect(normOf('Male', 25, few)).toBe(36.2);
    expect(normOf('Male', 25, enough)).toBe(55);
    // The band's women and the next band's men are still too few: the table.
    expect(normOf('Female', 25, enough)).toBe(36.1);
    expect(normOf('Male', 35, enough)).toBe(30.6);
  });

  it('gives other and undisclosed genders the mean of the male and female norms', () => {
    const enough = platformNorms([{ sex: 'Male', band: 25, members: 40, meanRmssd: 50 }]);
    for (const gender of ['Others', 'Prefer not to disclose', null] as const) {
      expect(normOf(gender, 25, enough)).toBe((50 + 36.1) / 2);
    }
  });

  it("averages members' norms from their head-counts per gender and band", () => {
    const counts = [
      { gender: 'Male' as const, band: 25, members: 3 },
      { gender: 'Female' as const, band: 45, members: 1 },
    ];
    expect(meanNorm(counts, new Map())).toBeCloseTo((3 * 36.2 + 24.5) / 4, 12);
    expect(meanNorm([], new Map())).toBeNull();
  });
});

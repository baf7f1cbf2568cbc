import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RangeBound } from '@resonant/contracts/reports';
import { dayString, defaultReportRange, rangeInstants } from './report-range.ts';

// A zone with a daylight-saving change and an offset from UTC, whatever the machine's zone is.
beforeAll(() => {
  vi.stubEnv('TZ', 'Europe/Berlin');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('defaultReportRange', () => {
  it('is the last 8 months up to today, both days inclusive', () => {
    expect(defaultReportRange(new Date(2025, 8, 15, 18, 30))).toEqual({
      from: '2025-01-15',
      to: '2025-09-15',
    });
  });

  it('crosses a year and uses the last day of a shorter month', () => {
    expect(defaultReportRange(new Date(2025, 1, 3))).toEqual({
      from: '2024-06-03',
      to: '2025-02-03',
    });
    expect(defaultReportRange(new Date(2025, 9, 31))).toEqual({
      from: '2025-02-28',
      to: '2025-10-31',
    });
    expect(defaultReportRange(new Date(2024, 9, 31))).toEqual({
      from: '2024-02-29',
      to: '2024-10-31',
    });
  });
});

describe('dayString', () => {
  it('is the local day as YYYY-MM-DD', () => {
    expect(dayString(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('rangeInstants', () => {
  it('runs from the local midnight of the first day to the end of the last, with the local offset', () => {
    expect(rangeInstants({ from: '2026-01-10', to: '2026-01-20' })).toEqual({
      from: '2026-01-10T00:00:00.000+01:00',
      to: '2026-01-20T23:59:59.999+01:00',
    });
  });

  it('gives each end the offset of its own day across a daylight-saving change', () => {
    // Berlin moves from +01:00 to +02:00 at 02:00 on 29 March 2026, and back on 25 October.
    expect(rangeInstants({ from: '2026-03-29', to: '2026-03-29' })).toEqual({
      from: '2026-03-29T00:00:00.000+01:00',
      to: '2026-03-29T23:59:59.999+02:00',
    });
    expect(rangeInstants({ from: '2026-10-25', to: '2026-10-25' })).toEqual({
      from: '2026-10-25T00:00:00.000+02:00',
      to: '2026-10-25T23:59:59.999+01:00',
    });
  });

  it('sends the default range from the clamped month end to the end of today, as the API takes them', () => {
    const bounds = rangeInstants(defaultReportRange(new Date(2025, 9, 31, 16, 0)));
    expect(bounds).toEqual({
      from: '2025-02-28T00:00:00.000+01:00',
      to: '2025-10-31T23:59:59.999+01:00',
    });
    expect(RangeBound.safeParse(bounds.from).success).toBe(true);
    expect(RangeBound.safeParse(bounds.to).success).toBe(true);
  });

  it('keeps the picked days as the first 10 characters west of UTC too', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    try {
      expect(rangeInstants({ from: '2026-03-01', to: '2026-03-08' })).toEqual({
        from: '2026-03-01T00:00:00.000-08:00',
        to: '2026-03-08T23:59:59.999-07:00',
      });
    } finally {
      vi.stubEnv('TZ', 'Europe/Berlin');
    }
  });
});

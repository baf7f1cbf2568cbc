import { describe, expect, it } from 'vitest';
import { dayString, defaultReportRange } from './report-range.ts';

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

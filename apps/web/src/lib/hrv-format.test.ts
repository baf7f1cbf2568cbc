import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMetric, formatMs, NO_VALUE } from './hrv-format.ts';

describe('hrv-format', () => {
  it('gives ms figures one decimal in the locale, with the unit', () => {
    expect(formatMs(54.26, 'en-US')).toBe('54.3 ms');
    expect(formatMs(54, 'en-US')).toBe('54.0 ms');
    expect(formatMs(1234.56, 'de-DE')).toBe('1.234,6 ms');
    expect(formatMetric(61.04, 1, 'en-US')).toBe('61.0');
  });

  it('shows a dash for a missing figure, never NaN', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMs(value, 'en-US')).toBe(NO_VALUE);
      expect(formatMetric(value, 1, 'en-US')).toBe(NO_VALUE);
    }
  });

  it('formats a moment in the locale, and a dash when there is none', () => {
    expect(formatDateTime('2025-06-08T07:00:00.000Z', 'en-US')).toMatch(/Jun 8, 2025/);
    expect(formatDateTime(null)).toBe(NO_VALUE);
    expect(formatDateTime('not a date')).toBe(NO_VALUE);
  });

  it('shows a day without the time, or a dash', () => {
    expect(formatDate('2025-06-08T12:00:00.000Z', 'en-US')).toBe('Jun 8, 2025');
    expect(formatDate(null)).toBe(NO_VALUE);
    expect(formatDate('not a date')).toBe(NO_VALUE);
  });
});

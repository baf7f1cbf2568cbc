import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange } from './day-format.ts';
import { NO_VALUE } from './hrv-format.ts';

describe('formatDay', () => {
  it('shows a plain day as MMM D, YYYY, that very day in any time zone', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('shows an instant on the viewer calendar', () => {
    const noon = new Date(2026, 0, 9, 12, 0, 0).toISOString();
    expect(formatDay(noon)).toBe('Jan 9, 2026');
  });

  it('shows a dash when there is no date', () => {
    expect(formatDay(null)).toBe(NO_VALUE);
    expect(formatDay(undefined)).toBe(NO_VALUE);
    expect(formatDay('')).toBe(NO_VALUE);
    expect(formatDay('not a date')).toBe(NO_VALUE);
  });

  it('joins a range with an en dash', () => {
    expect(formatDayRange('2026-01-31', '2026-02-28')).toBe('Jan 31, 2026 – Feb 28, 2026');
  });
});

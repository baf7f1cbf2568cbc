import { describe, expect, it } from 'vitest';
import { formatDay } from './day-format.ts';
import { NO_VALUE } from './hrv-format.ts';

describe('formatDay', () => {
  it('shows an instant on the viewer calendar as MMM D, YYYY', () => {
    const noon = new Date(2026, 0, 9, 12, 0, 0).toISOString();
    expect(formatDay(noon)).toBe('Jan 9, 2026');
  });

  it('shows a dash when there is no date', () => {
    expect(formatDay(null)).toBe(NO_VALUE);
    expect(formatDay(undefined)).toBe(NO_VALUE);
    expect(formatDay('')).toBe(NO_VALUE);
    expect(formatDay('not a date')).toBe(NO_VALUE);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  billingPeriod,
  invoiceDueDate,
  periodContaining,
} from './billing-period.ts';

describe('billing periods', () => {
  it('adds months as PostgreSQL does: clamped to shorter months, always from the start', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
    expect(addMonths('2026-05-31', 0)).toBe('2026-05-31');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-02-28', 7)).toBe('2026-03-07');
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('numbers periods from the start date, each ending where the next begins', () => {
    expect(billingPeriod('2026-01-31', 0)).toEqual({
      index: 0,
      start: '2026-01-31',
      end: '2026-02-28',
    });
    expect(billingPeriod('2026-01-31', 1)).toEqual({
      index: 1,
      start: '2026-02-28',
      end: '2026-03-31',
    });
    expect(billingPeriod('2026-01-31', 2)).toEqual({
      index: 2,
      start: '2026-03-31',
      end: '2026-04-30',
    });
  });

  it('finds the period a day is in, its first day included and its end excluded', () => {
    const start = '2026-01-31';
    expect(periodContaining(start, '2026-01-31').index).toBe(0);
    expect(periodContaining(start, '2026-02-27').index).toBe(0);
    expect(periodContaining(start, '2026-02-28').index).toBe(1);
    expect(periodContaining(start, '2026-03-30').index).toBe(1);
    expect(periodContaining(start, '2026-03-31').index).toBe(2);
    expect(periodContaining(start, '2027-01-31')).toEqual({
      index: 12,
      start: '2027-01-31',
      end: '2027-02-28',
    });
    expect(periodContaining('2026-06-10', '2026-06-09')).toEqual({
      index: -1,
      start: '2026-05-10',
      end: '2026-06-10',
    });
  });

  it('agrees with billingPeriod on every day of three years', () => {
    for (const start of ['2025-01-31', '2025-02-28', '2025-03-15', '2024-02-29']) {
      let day = start;
      for (let n = 0; n < 3 * 366; n++, day = addDays(day, 1)) {
        const period = periodContaining(start, day);
        expect(period.start <= day && day < period.end, `${start} ${day}`).toBe(true);
        expect(period).toEqual(billingPeriod(start, period.index));
      }
    }
  });

  it('makes an invoice due a week after its period ends', () => {
    expect(invoiceDueDate({ end: '2026-02-28' })).toBe('2026-03-07');
  });
});

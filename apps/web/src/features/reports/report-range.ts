import { REPORT_DEFAULT_RANGE_MONTHS } from '@resonant/contracts/reports';

/** A report's days, `YYYY-MM-DD`, both inclusive, in the browser's calendar. */
export type ReportRange = { from: string; to: string };

/** A day of the browser's calendar as `YYYY-MM-DD`. */
export function dayString(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * SPEC §9: the last 8 months up to today, both ends inclusive — from the same day 8 months back (a
 * month without that day uses its last one) to today.
 */
export function defaultReportRange(today: Date): ReportRange {
  const monthsBack = new Date(
    today.getFullYear(),
    today.getMonth() - REPORT_DEFAULT_RANGE_MONTHS,
    1,
  );
  const lastDay = new Date(monthsBack.getFullYear(), monthsBack.getMonth() + 1, 0).getDate();
  monthsBack.setDate(Math.min(today.getDate(), lastDay));
  return { from: dayString(monthsBack), to: dayString(today) };
}

import { useEffect, useMemo, useState } from 'react';
import { REPORT_DEFAULT_RANGE_MONTHS } from '@resonant/contracts/reports';

/** A report's days, `YYYY-MM-DD`, both inclusive, in the browser's calendar. */
export type ReportRange = { from: string; to: string };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A day of the browser's calendar as `YYYY-MM-DD`. */
export function dayString(date: Date): string {
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

/** A local time as ISO 8601 with the browser's offset at that time (not UTC's `Z`). */
function localDateTime(date: Date): string {
  const east = -date.getTimezoneOffset();
  const offset = `${east < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(east) / 60))}:${pad(Math.abs(east) % 60)}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${dayString(date)}T${time}.${pad(date.getMilliseconds(), 3)}${offset}`;
}

/**
 * The instants a report asks the API for: from the local midnight starting the first day to the
 * end of the last one (23:59:59.999), each with the browser's offset on that day. The API reads a
 * plain date in the organisation's zone, so days would shift for a browser elsewhere. No `now`:
 * the end of today holds everything up to now, and the request stays the same all day (one cache
 * entry). The first 10 characters stay the picked days, which the CSV file name shows.
 */
export function rangeInstants(range: ReportRange): ReportRange {
  const end = dayDate(range.to);
  end.setHours(23, 59, 59, 999);
  return { from: localDateTime(dayDate(range.from)), to: localDateTime(end) };
}

/** Milliseconds from `now` to the next local midnight. */
const untilMidnight = (now: Date) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();

/**
 * A tab's range: the default one (SPEC §9, up to today) until the user picks another; the default
 * follows the day, so a tab left open past midnight still reaches today.
 */
export function useReportRange(): [ReportRange, (range: ReportRange) => void] {
  const [picked, setPicked] = useState<ReportRange | null>(null);
  const [today, setToday] = useState(() => dayString(new Date()));
  useEffect(() => {
    if (picked) return;
    // A second past midnight, so the timer never fires a hair early and still reads yesterday.
    const timer = setTimeout(
      () => setToday(dayString(new Date())),
      untilMidnight(new Date()) + 1000,
    );
    return () => clearTimeout(timer);
  }, [picked, today]);
  const fallback = useMemo(() => defaultReportRange(dayDate(today)), [today]);
  return [picked ?? fallback, setPicked];
}

/** The local midnight of a `YYYY-MM-DD` day. */
function dayDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

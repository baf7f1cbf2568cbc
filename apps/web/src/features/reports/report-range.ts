import { useEffect, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { REPORT_DEFAULT_RANGE_MONTHS } from '@resonant/contracts/reports';

/** A report's days, `YYYY-MM-DD`, both inclusive, in the browser's calendar. */
export type ReportRange = { from: string; to: string };

const DAY_FORMAT = 'YYYY-MM-DD';
/** ISO 8601 with milliseconds and the browser's offset at that time (not UTC's `Z`). */
const LOCAL_INSTANT_FORMAT = 'YYYY-MM-DDTHH:mm:ss.SSSZ';

/** A day of the browser's calendar as `YYYY-MM-DD`. */
export function dayString(date: Date): string {
  return dayjs(date).format(DAY_FORMAT);
}

/**
 * SPEC §9: the last 8 months up to today, both ends inclusive — from the same day 8 months back (a
 * month without that day uses its last one) to today.
 */
export function defaultReportRange(today: Date): ReportRange {
  const monthsBack = dayjs(today).subtract(REPORT_DEFAULT_RANGE_MONTHS, 'month');
  return { from: monthsBack.format(DAY_FORMAT), to: dayString(today) };
}

/**
 * The instants a report asks the API for: from the local midnight starting the first day to the
 * end of the last one (23:59:59.999), each with the browser's offset on that day. The API reads a
 * plain date in the organisation's zone, so days would shift for a browser elsewhere. No `now`:
 * the end of today holds everything up to now, and the request stays the same all day (one cache
 * entry). The first 10 characters stay the picked days, which the CSV file name shows.
 */
export function rangeInstants(range: ReportRange): ReportRange {
  return {
    from: dayjs(range.from).startOf('day').format(LOCAL_INSTANT_FORMAT),
    to: dayjs(range.to).endOf('day').format(LOCAL_INSTANT_FORMAT),
  };
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
  const fallback = useMemo(() => defaultReportRange(dayjs(today).toDate()), [today]);
  return [picked ?? fallback, setPicked];
}

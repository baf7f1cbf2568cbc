import dayjs from 'dayjs';
import { NO_VALUE } from './hrv-format.ts';

/**
 * SPEC §9: a billing date as MMM D, YYYY ("Mar 5, 2026"), in every locale; '—' when missing. A
 * plain day (YYYY-MM-DD) stays that day; an instant is shown on the viewer's calendar.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const day = dayjs(value);
  return day.isValid() ? day.format('MMM D, YYYY') : NO_VALUE;
}

/** A span of days as "Mar 5, 2026 – Apr 5, 2026", as billing periods are shown. */
export function formatDayRange(from: string, to: string): string {
  return `${formatDay(from)} – ${formatDay(to)}`;
}

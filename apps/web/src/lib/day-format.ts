import dayjs from 'dayjs';
import { NO_VALUE } from './hrv-format.ts';

/**
 * SPEC §9: the day of an instant (an invoice's paid at) as MMM D, YYYY ("Mar 5, 2026") on the
 * viewer's calendar; '—' when missing. Plain days (YYYY-MM-DD) are formatBillingDay's.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const day = dayjs(value);
  return day.isValid() ? day.format('MMM D, YYYY') : NO_VALUE;
}

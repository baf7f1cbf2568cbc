/**
 * Billing periods (decision 0025). Every period starts a whole number of months after the
 * organisation's billing start date, counted from that date each time (never from the previous
 * period), so a start on the 31st bills on the last day of shorter months and returns to the 31st
 * without drifting — PostgreSQL's `date + interval 'n months'`. Days are `YYYY-MM-DD` strings of
 * the organisation's calendar; a period is [start, end): `end` is the next period's start.
 */

/** One billing period: `index` 0 is the one beginning on the billing start date. */
export type BillingPeriod = { index: number; start: string; end: string };

/** Days an invoice may be paid in after its period ends. */
const INVOICE_DUE_DAYS = 7;

const DAY_MS = 86_400_000;

function parseDay(day: string): { year: number; month: number; date: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]) - 1, date: Number(match[3]) };
}

const formatDay = (utc: Date) => utc.toISOString().slice(0, 10);

/** `day` plus `months` calendar months, clamped to the last day of a shorter month. */
export function addMonths(day: string, months: number): string {
  const { year, month, date } = parseDay(day);
  const target = new Date(Date.UTC(year, month + months, 1));
  const lastDate = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDate));
  return formatDay(target);
}

/** `day` plus `days` days. */
export function addDays(day: string, days: number): string {
  const { year, month, date } = parseDay(day);
  return formatDay(new Date(Date.UTC(year, month, date) + days * DAY_MS));
}

/** Period `index` of a billing that started on `billingStart`. */
export function billingPeriod(billingStart: string, index: number): BillingPeriod {
  return {
    index,
    start: addMonths(billingStart, index),
    end: addMonths(billingStart, index + 1),
  };
}

/** The period `day` falls in (before the start: the months before it, with negative indexes). */
export function periodContaining(billingStart: string, day: string): BillingPeriod {
  const start = parseDay(billingStart);
  const target = parseDay(day);
  // The calendar months between the two; one fewer when the period of that many months has not
  // begun by `day` (an earlier day of the month, or a clamped month end after it).
  let index = (target.year - start.year) * 12 + (target.month - start.month);
  if (addMonths(billingStart, index) > day) index -= 1;
  return billingPeriod(billingStart, index);
}

/** When a period's invoice is due: INVOICE_DUE_DAYS after the period ends. */
export function invoiceDueDate(period: Pick<BillingPeriod, 'end'>): string {
  return addDays(period.end, INVOICE_DUE_DAYS);
}

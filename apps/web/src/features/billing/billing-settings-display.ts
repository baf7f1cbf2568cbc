import { formatBillingDay } from '@resonant/contracts/billing';
import { formatCount } from '../../lib/number-format.ts';

/** Whether two billing emails are the same address as the server stores it (trimmed, lower case). */
export function sameBillingEmail(typed: string, saved: string): boolean {
  return typed.trim().toLowerCase() === saved.trim().toLowerCase();
}

/** The seats figure's words: "1 seat", "12 seats" (the count in the browser's locale). */
export function seatsText(seats: number, locale?: string): string {
  return `${formatCount(seats, locale)} ${seats === 1 ? 'seat' : 'seats'}`;
}

/** When the current period's invoice is made: the day after its last (the next period's first). */
export function invoiceDayText(billingTo: string): string {
  return `Its invoice is made on ${formatBillingDay(billingTo)} and charged to the default card.`;
}

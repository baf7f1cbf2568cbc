import { formatDay } from '../../lib/day-format.ts';

/** Whether two billing emails are the same address as the server stores it (trimmed, lower case). */
export function sameBillingEmail(typed: string, saved: string): boolean {
  return typed.trim().toLowerCase() === saved.trim().toLowerCase();
}

/** The seats figure's words: "1 seat", "12 seats". */
export function seatsText(seats: number): string {
  return `${seats.toLocaleString('en-US')} ${seats === 1 ? 'seat' : 'seats'}`;
}

/** When the current period's invoice is made: the day its period ends (the next one starts). */
export function invoiceDayText(billingTo: string): string {
  return `Its invoice is made on ${formatDay(billingTo)} and charged to the default card.`;
}

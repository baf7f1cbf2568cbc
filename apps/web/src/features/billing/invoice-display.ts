import { formatBillingDay, formatCents, type Invoice } from '@resonant/contracts/billing';
import { formatDate, NO_VALUE } from '../../lib/hrv-format.ts';

/** Which table the invoice is in: the organisation's billing history or the app admin's list. */
export type InvoicesView = 'org' | 'admin';

/** What an invoice row offers (SPEC §4): its PDF, or paying it on the provider's invoice page. */
export type InvoiceAction = { kind: 'download' | 'pay'; url: string | null };

/**
 * SPEC §4: Download PDF when paid (always in the app admin's view), otherwise Pay Now. A void
 * invoice is cancelled, so there is nothing to pay: it offers its PDF too. The URL may be missing
 * (SPEC §8: then there is no message, the action is simply not available).
 */
export function invoiceAction(
  invoice: Pick<Invoice, 'invoice_status' | 'invoice_url' | 'hosted_invoice_pdf'>,
  view: InvoicesView,
): InvoiceAction {
  const download =
    view === 'admin' || invoice.invoice_status === 'paid' || invoice.invoice_status === 'void';
  return download
    ? { kind: 'download', url: invoice.hosted_invoice_pdf }
    : { kind: 'pay', url: invoice.invoice_url };
}

/** A status as the badge reads it: 'invoice sent' -> 'Invoice sent'. */
export function invoiceStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** What the amount is made of: "12 × $10.00". */
export function seatsTimesPrice(seats: number, unitAmountCents: number): string {
  return `${seats} × ${formatCents(unitAmountCents)}`;
}

/** A billing day that may be missing (an invoice's due date): MMM D, YYYY, or '—'. */
export function optionalBillingDay(day: string | null): string {
  return day ? formatBillingDay(day) : NO_VALUE;
}

/**
 * The day an invoice was paid, on the viewer's calendar, in SPEC §9's MMM D, YYYY whatever the
 * viewer's locale (en-US's medium date is exactly that), or '—'.
 */
export function formatPaidAt(paidAt: string | null): string {
  return formatDate(paidAt, 'en-US');
}

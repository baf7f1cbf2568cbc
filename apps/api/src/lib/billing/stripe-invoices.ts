import Stripe from 'stripe';
import type { BillingProvider, ChargeResult, ProviderInvoice } from './billing-provider.ts';
import { guarded, unlessMissing } from './stripe-calls.ts';

// A charge refused for the card named, not the invoice (unknown, or not this customer's: detached
// or deleted at Stripe): Stripe names the parameter at fault.
const isMethodGone = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method';

const seconds = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);

const ISSUED_STATUSES: readonly string[] = ['open', 'paid', 'void', 'uncollectible'];
const isIssued = (status: string | null): status is ProviderInvoice['status'] =>
  status !== null && ISSUED_STATUSES.includes(status);

function invoiceOf(invoice: Stripe.Invoice): ProviderInvoice | null {
  const { status } = invoice;
  // A draft is not issued yet; an unknown future status is nothing we can show.
  if (!isIssued(status)) return null;
  const paidAt = invoice.status_transitions.paid_at;
  return {
    providerInvoiceId: invoice.id,
    number: invoice.number ?? '',
    status,
    attemptCount: invoice.attempt_count,
    invoiceUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    paidAt: paidAt === null ? null : new Date(paidAt * 1000),
  };
}

/** The seat invoices at Stripe: made and finalised by us, charged off-session on our schedule. */
export function stripeInvoices(
  stripe: Stripe,
): Pick<BillingProvider, 'createInvoice' | 'chargeInvoice' | 'retrieveInvoice'> {
  async function issued(invoiceId: string): Promise<ProviderInvoice> {
    const invoice = invoiceOf(await stripe.invoices.retrieve(invoiceId));
    if (!invoice) throw new Error(`Stripe invoice ${invoiceId} is not issued`);
    return invoice;
  }

  return {
    createInvoice: guarded(async (input) => {
      const key = input.idempotencyKey;
      const created = await stripe.invoices.create(
        {
          customer: input.customerId,
          currency: input.currency,
          collection_method: 'charge_automatically',
          // We charge it ourselves (default card first, then the others), not Stripe's schedule.
          auto_advance: false,
          // Only the seats line below, never another pending item of the customer.
          pending_invoice_items_behavior: 'exclude',
          description: `${input.orgName}: ${input.seats} seats, ${input.periodStart} to ${input.periodEnd}`,
          metadata: {
            org_id: input.orgId,
            invoice_id: key,
            period_start: input.periodStart,
            period_end: input.periodEnd,
            due_date: input.dueDate,
          },
        },
        { idempotencyKey: `invoice-${key}` },
      );
      // An idempotent replay answers the invoice as it was first made: read how it is now.
      const invoice = await stripe.invoices.retrieve(created.id);
      if (invoice.status !== 'draft') return issued(invoice.id);
      await stripe.invoiceItems.create(
        {
          customer: input.customerId,
          invoice: invoice.id,
          currency: input.currency,
          description: 'Seats',
          quantity: input.seats,
          unit_amount_decimal: Stripe.Decimal.from(input.unitAmountCents),
          // Stripe's period end is its last second; ours is the day the next period starts.
          period: { start: seconds(input.periodStart), end: seconds(input.periodEnd) - 1 },
        },
        { idempotencyKey: `invoice-seats-${key}` },
      );
      try {
        await stripe.invoices.finalizeInvoice(invoice.id, { auto_advance: false });
      } catch (error) {
        // Finalised meanwhile by another run for the same key: issued all the same.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if ((await stripe.invoices.retrieve(invoice.id)).status === 'draft') throw error;
      }
      return issued(invoice.id);
    }),

    chargeInvoice: guarded(async (providerInvoiceId, methodId): Promise<ChargeResult> => {
      try {
        const invoice = await stripe.invoices.pay(providerInvoiceId, {
          payment_method: methodId,
          off_session: true,
        });
        const paidAt = invoice.status_transitions.paid_at;
        return { paid: true, paidAt: paidAt === null ? new Date() : new Date(paidAt * 1000) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { paid: false, message: error.message };
        }
        // One stale card (detached at Stripe) must not stop the others being tried.
        if (isMethodGone(error)) return { paid: false, message: error.message, methodGone: true };
        // Asked again after a charge that went through (a retried job): paid, not an error.
        const invoice = await issued(providerInvoiceId).catch(() => null);
        if (invoice?.status === 'paid' && invoice.paidAt) {
          return { paid: true, paidAt: invoice.paidAt };
        }
        throw error;
      }
    }),

    retrieveInvoice: guarded(async (providerInvoiceId) => {
      const invoice = await unlessMissing(stripe.invoices.retrieve(providerInvoiceId));
      return invoice ? invoiceOf(invoice) : null;
    }),
  };
}

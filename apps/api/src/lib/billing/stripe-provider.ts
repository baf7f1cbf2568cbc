import Stripe from 'stripe';
import type {
  BillingProvider,
  ProviderInvoice,
  ProviderPaymentMethod,
} from './billing-provider.ts';
import { CardDeclinedError } from './card-declined-error.ts';

export type StripeBillingProvider = BillingProvider & { readonly name: 'stripe' };

// Stripe answers an unknown id with 404 `resource_missing`: for us that is "no such object".
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

const seconds = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);

function methodOf(method: Stripe.PaymentMethod): ProviderPaymentMethod | null {
  // Only cards are offered (SPEC §3 Payment method); anything else is not ours to show.
  if (!method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  const customer = method.customer;
  return {
    id: method.id,
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    card: { brand, last4, expMonth, expYear },
  };
}

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

/** The Stripe provider: the official SDK, one customer per organisation, invoices charged off-session. */
export function stripeBillingProvider(stripe: Stripe): StripeBillingProvider {
  async function issued(invoiceId: string): Promise<ProviderInvoice> {
    const invoice = invoiceOf(await stripe.invoices.retrieve(invoiceId));
    if (!invoice) throw new Error(`Stripe invoice ${invoiceId} is not issued`);
    return invoice;
  }

  return {
    name: 'stripe',

    async ensureCustomer({ orgId, name, billingEmail, customerId }) {
      if (customerId) {
        // Keeps Stripe's receipts and invoices addressed as the organisation now is.
        await stripe.customers.update(customerId, { name, email: billingEmail ?? '' });
        return customerId;
      }
      const customer = await stripe.customers.create(
        { name, ...(billingEmail ? { email: billingEmail } : {}), metadata: { org_id: orgId } },
        // Two first payments at once make one customer, not two.
        { idempotencyKey: `customer-${orgId}` },
      );
      return customer.id;
    },

    async attachMethod({ customerId, methodId }) {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(methodId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (method.customer) {
        // Attached already: ours when it is this customer's, never another organisation's.
        return methodOf(method)?.customerId === customerId ? methodOf(method) : null;
      }
      try {
        return methodOf(await stripe.paymentMethods.attach(methodId, { customer: customerId }));
      } catch (error) {
        // Stripe checks a card when it is attached; a decline here means the card is not saved.
        if (error instanceof Stripe.errors.StripeCardError)
          throw new CardDeclinedError(error.message);
        throw error;
      }
    },

    async detachMethod(methodId) {
      try {
        await stripe.paymentMethods.detach(methodId);
      } catch (error) {
        // Gone already (removed twice, or detached at Stripe): the outcome asked for.
        if (isMissing(error)) return;
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const method = await stripe.paymentMethods.retrieve(methodId);
          if (!method.customer) return;
        }
        throw error;
      }
    },

    async setDefaultMethod(customerId, methodId) {
      // An empty value is how Stripe clears a field.
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: methodId ?? '' },
      });
    },

    async createInvoice(input) {
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
          period: { start: seconds(input.periodStart), end: seconds(input.periodEnd) },
        },
        { idempotencyKey: `invoice-seats-${key}` },
      );
      await stripe.invoices.finalizeInvoice(invoice.id, { auto_advance: false });
      return issued(invoice.id);
    },

    async chargeInvoice(providerInvoiceId, methodId) {
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
        // Asked again after a charge that went through (a retried job): paid, not an error.
        const invoice = await issued(providerInvoiceId).catch(() => null);
        if (invoice?.status === 'paid' && invoice.paidAt) {
          return { paid: true, paidAt: invoice.paidAt };
        }
        throw error;
      }
    },

    async retrieveInvoice(providerInvoiceId) {
      try {
        return invoiceOf(await stripe.invoices.retrieve(providerInvoiceId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async retrievePaymentMethod(methodId) {
      try {
        return methodOf(await stripe.paymentMethods.retrieve(methodId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

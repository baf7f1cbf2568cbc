import Stripe from 'stripe';
import type {
  BillingProvider,
  ChargeResult,
  ProviderInvoice,
  ProviderPaymentMethod,
} from './billing-provider.ts';
import { CardDeclinedError } from './card-declined-error.ts';
import { PaymentProviderError } from './payment-provider-error.ts';

export type StripeBillingProvider = BillingProvider & { readonly name: 'stripe' };

// Stripe answers an unknown id with 404 `resource_missing`: for us that is "no such object".
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

// A charge refused for the card named, not the invoice (unknown, or not this customer's: detached
// or deleted at Stripe): Stripe names the parameter at fault.
const isMethodGone = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method';

// Only an id Stripe made is a Stripe customer: the test mode's `cus_local_…` (kept from before the
// keys were set) is not, and asking Stripe about it would fail.
const isStripeCustomerId = (id: string | null): id is string =>
  id !== null && id.startsWith('cus_') && !id.startsWith('cus_local_');

const seconds = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);

/**
 * One provider call where whatever Stripe answered that the call did not handle itself (a wrong
 * key, a rate limit, an outage, a request refused) becomes a 502 PaymentProviderError: Stripe's
 * status and words never reach the user (a 401 would sign them out), only the log.
 */
const guarded =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await call(...args);
    } catch (error) {
      throw error instanceof Stripe.errors.StripeError ? new PaymentProviderError(error) : error;
    }
  };

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

  async function hasCustomer(customerId: string): Promise<boolean> {
    try {
      // A deleted customer keeps answering, as `deleted: true`.
      return !(await stripe.customers.retrieve(customerId)).deleted;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    name: 'stripe',

    ensureCustomer: guarded(async ({ orgId, name, billingEmail, customerId }) => {
      if (isStripeCustomerId(customerId) && (await hasCustomer(customerId))) return customerId;
      const customer = await stripe.customers.create(
        { name, ...(billingEmail ? { email: billingEmail } : {}), metadata: { org_id: orgId } },
        // Two first payments at once make one customer, not two. One replacing a stored id has
        // its own key: the first one's may still answer (24 h) with the customer that is gone.
        {
          idempotencyKey: customerId
            ? `customer-${orgId}-replacing-${customerId}`
            : `customer-${orgId}`,
        },
      );
      return customer.id;
    }),

    updateCustomer: guarded(async (customerId, { name, billingEmail }) => {
      if (!isStripeCustomerId(customerId)) return;
      try {
        // An empty value is how Stripe clears a field.
        await stripe.customers.update(customerId, { name, email: billingEmail ?? '' });
      } catch (error) {
        // Gone at Stripe: the next ensureCustomer makes a new one with the current details.
        if (!isMissing(error)) throw error;
      }
    }),

    attachMethod: guarded(async ({ customerId, methodId }) => {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(methodId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (method.customer) {
        // Attached already: ours when it is this customer's, never another organisation's.
        const attached = methodOf(method);
        return attached?.customerId === customerId ? attached : null;
      }
      try {
        return methodOf(await stripe.paymentMethods.attach(methodId, { customer: customerId }));
      } catch (error) {
        // Stripe checks a card when it is attached; a decline here means the card is not saved.
        if (error instanceof Stripe.errors.StripeCardError)
          throw new CardDeclinedError(error.message);
        throw error;
      }
    }),

    detachMethod: guarded(async (methodId) => {
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
    }),

    setDefaultMethod: guarded(async (customerId, methodId) => {
      // An empty value is how Stripe clears a field.
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: methodId ?? '' },
      });
    }),

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
      try {
        return invoiceOf(await stripe.invoices.retrieve(providerInvoiceId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    }),

    retrievePaymentMethod: guarded(async (methodId) => {
      try {
        return methodOf(await stripe.paymentMethods.retrieve(methodId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    }),
  };
}

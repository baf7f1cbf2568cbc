import type Stripe from 'stripe';
import type { BillingProvider } from './billing-provider.ts';
import { guarded, isMissing } from './stripe-calls.ts';

// Only an id Stripe made is a Stripe customer: the test mode's `cus_local_…` (kept from before the
// keys were set) is not, and asking Stripe about it would fail.
const isStripeCustomerId = (id: string | null): id is string =>
  id !== null && id.startsWith('cus_') && !id.startsWith('cus_local_');

/** The organisation's customer at Stripe: one per organisation, made once, kept up to date. */
export function stripeCustomers(
  stripe: Stripe,
): Pick<BillingProvider, 'ensureCustomer' | 'updateCustomer'> {
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
  };
}

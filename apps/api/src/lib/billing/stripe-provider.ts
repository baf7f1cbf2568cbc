import type Stripe from 'stripe';
import type { BillingProvider } from './billing-provider.ts';
import { stripeCustomers } from './stripe-customers.ts';
import { stripeInvoices } from './stripe-invoices.ts';
import { stripeMethods } from './stripe-methods.ts';

export type StripeBillingProvider = BillingProvider & { readonly name: 'stripe' };

/** The Stripe provider: the official SDK, one customer per organisation, invoices charged off-session. */
export function stripeBillingProvider(stripe: Stripe): StripeBillingProvider {
  return {
    name: 'stripe',
    ...stripeCustomers(stripe),
    ...stripeMethods(stripe),
    ...stripeInvoices(stripe),
  };
}

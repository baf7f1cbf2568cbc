import type { Database } from '../../db/client.ts';
import type { BillingProvider } from '../../lib/billing/billing-provider.ts';
import { setBillingCustomer } from './billing.queries.ts';

type CustomerOrg = {
  id: string;
  name: string;
  billingEmail: string | null;
  billingCustomerId: string | null;
  billingCustomerProvider: string | null;
};

/**
 * The organisation's customer at the configured provider, null when it has none there yet. A
 * customer another provider made (test mode's, before Stripe keys were set) is none to this one.
 */
export function storedCustomerId(billing: BillingProvider, org: CustomerOrg): string | null {
  return org.billingCustomerProvider === billing.name ? org.billingCustomerId : null;
}

/**
 * The organisation's customer at the provider, made on first need (attaching its first card, or
 * issuing its first invoice) and kept on the organisation with the provider that made it.
 */
export async function ensureOrgCustomer(
  { db, billing }: { db: Database; billing: BillingProvider },
  org: CustomerOrg,
): Promise<string> {
  const stored = storedCustomerId(billing, org);
  const customerId = await billing.ensureCustomer({
    orgId: org.id,
    name: org.name,
    billingEmail: org.billingEmail,
    customerId: stored,
  });
  if (customerId !== stored) {
    await setBillingCustomer(db, { orgId: org.id }, { provider: billing.name, customerId });
  }
  return customerId;
}

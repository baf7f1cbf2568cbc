import type { Database } from '../../db/client.ts';
import type { BillingProvider } from '../../lib/billing/billing-provider.ts';
import { setBillingCustomer } from './billing.queries.ts';

/**
 * The organisation's customer at the provider, made on first need (attaching its first card, or
 * issuing its first invoice) and kept on the organisation.
 */
export async function ensureOrgCustomer(
  { db, billing }: { db: Database; billing: BillingProvider },
  org: { id: string; name: string; billingEmail: string | null; billingCustomerId: string | null },
): Promise<string> {
  const customerId = await billing.ensureCustomer({
    orgId: org.id,
    name: org.name,
    billingEmail: org.billingEmail,
    customerId: org.billingCustomerId,
  });
  if (customerId !== org.billingCustomerId) {
    await setBillingCustomer(db, { orgId: org.id }, customerId);
  }
  return customerId;
}

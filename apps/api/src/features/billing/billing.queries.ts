import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@resonant/contracts/fields';
import type { INVOICE_SORTS } from '@resonant/contracts/billing';
import type { Database } from '../../db/client.ts';
import { invoices, paymentMethods } from '../../db/schema/billing.ts';
import { organisations } from '../../db/schema/organisations.ts';
import type { OrgScope } from '../../kernel/scope.ts';
import { listOrder } from '../../lib/list-order.ts';
import { containsPattern } from '../../lib/member-search.ts';

/** Billing's queries name the organisation; a request's scope is one. */
type OrgRef = Pick<OrgScope, 'orgId'>;

/** What billing reads of an organisation. */
export async function findBillingOrg(db: Database, org: OrgRef) {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      uniqueName: organisations.uniqueName,
      createdAt: organisations.createdAt,
      active: organisations.active,
      billingStartDate: organisations.billingStartDate,
      previousBillingDate: organisations.previousBillingDate,
      nextBillingDate: organisations.nextBillingDate,
      billingEmail: organisations.billingEmail,
      billingCustomerId: organisations.billingCustomerId,
      billingCustomerProvider: organisations.billingCustomerProvider,
      defaultPaymentMethodId: organisations.defaultPaymentMethodId,
    })
    .from(organisations)
    .where(eq(organisations.id, org.orgId));
  return row ?? null;
}

/** Locks the organisation's row until the transaction ends: its cards change one at a time. */
export async function lockBillingOrg(db: Database, org: OrgScope) {
  await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, org.orgId))
    .for('update');
}

export async function updateBillingEmail(db: Database, org: OrgScope, billingEmail: string) {
  await db.update(organisations).set({ billingEmail }).where(eq(organisations.id, org.orgId));
}

/** Keeps the organisation's customer at `provider`, once it has one there. */
export async function setBillingCustomer(
  db: Database,
  org: OrgRef,
  customer: { provider: string; customerId: string },
) {
  await db
    .update(organisations)
    .set({ billingCustomerId: customer.customerId, billingCustomerProvider: customer.provider })
    .where(eq(organisations.id, org.orgId));
}

const isDefaultMethod = sql<boolean>`${paymentMethods.id} is not distinct from ${organisations.defaultPaymentMethodId}`;

/**
 * The organisation's saved cards of a provider: the default first, then the newest; the order in
 * which invoicing tries them too.
 */
export async function listMethods(db: Database, org: OrgRef, provider: string) {
  return db
    .select({
      id: paymentMethods.id,
      providerMethodId: paymentMethods.providerMethodId,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      isDefault: isDefaultMethod,
    })
    .from(paymentMethods)
    .innerJoin(organisations, eq(organisations.id, paymentMethods.orgId))
    .where(and(eq(paymentMethods.orgId, org.orgId), eq(paymentMethods.provider, provider)))
    .orderBy(desc(isDefaultMethod), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** One of the organisation's saved cards by the provider's id, or null (another org's too). */
export async function findMethod(
  db: Database,
  org: OrgRef,
  provider: string,
  providerMethodId: string,
) {
  const [row] = await db
    .select({
      id: paymentMethods.id,
      providerMethodId: paymentMethods.providerMethodId,
      isDefault: isDefaultMethod,
    })
    .from(paymentMethods)
    .innerJoin(organisations, eq(organisations.id, paymentMethods.orgId))
    .where(
      and(
        eq(paymentMethods.orgId, org.orgId),
        eq(paymentMethods.provider, provider),
        eq(paymentMethods.providerMethodId, providerMethodId),
      ),
    );
  return row ?? null;
}

export type NewMethod = {
  provider: string;
  providerMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** Saves a card the provider attached; an id saved already (a webhook was first) is kept. */
export async function insertMethod(db: Database, org: OrgRef, method: NewMethod) {
  const [row] = await db
    .insert(paymentMethods)
    .values({ orgId: org.orgId, ...method })
    .onConflictDoUpdate({
      target: [paymentMethods.provider, paymentMethods.providerMethodId],
      set: { brand: method.brand, last4: method.last4 },
      // A card of another organisation is never taken over.
      setWhere: eq(paymentMethods.orgId, org.orgId),
    })
    .returning({ id: paymentMethods.id });
  return row?.id ?? null;
}

/**
 * Makes one saved card the default (null: none). The organisation's default_payment_method_id
 * is the record; payment_methods.is_default mirrors it for whoever reads the table alone.
 */
export async function setDefaultMethod(db: Database, org: OrgRef, methodId: string | null) {
  await db
    .update(organisations)
    .set({ defaultPaymentMethodId: methodId })
    .where(eq(organisations.id, org.orgId));
  await db
    .update(paymentMethods)
    .set({ isDefault: methodId === null ? false : eq(paymentMethods.id, methodId) })
    .where(eq(paymentMethods.orgId, org.orgId));
}

/** Deletes a saved card; when it was the default, the organisation has none. */
export async function deleteMethod(db: Database, org: OrgRef, methodId: string) {
  await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.orgId, org.orgId), eq(paymentMethods.id, methodId)));
  await db
    .update(organisations)
    .set({ defaultPaymentMethodId: null })
    .where(
      and(eq(organisations.id, org.orgId), eq(organisations.defaultPaymentMethodId, methodId)),
    );
}

type InvoiceSort = (typeof INVOICE_SORTS)[number];

export type InvoicesFilter = {
  search?: string;
  sort?: InvoiceSort;
  order: SortOrder;
  limit: number;
  offset: number;
};

const INVOICE_SORT_KEYS: Record<InvoiceSort, SQL[]> = {
  number: [sql`${invoices.number}`],
  amount_due: [sql`${invoices.amountDueCents}`],
  billing_period_start: [sql`${invoices.billingPeriodStart}`],
  org_name: [sql`lower(${organisations.name})`],
};

/** Newest period first, then the organisation, then the id, so pages never overlap. */
const INVOICES_OWN_ORDER = [
  desc(invoices.billingPeriodStart),
  asc(sql`lower(${organisations.name})`),
  asc(invoices.id),
];

/**
 * One page of issued invoices (drafts are being made and never listed) of one organisation, or of
 * every organisation for the app admin (`org` null, whose search also matches the org's name).
 */
export async function listInvoices(db: Database, org: OrgScope | null, filter: InvoicesFilter) {
  const conditions: (SQL | undefined)[] = [ne(invoices.invoiceStatus, 'draft')];
  if (org) conditions.push(eq(invoices.orgId, org.orgId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(invoices.number, pattern),
        ilike(invoices.billingEmail, pattern),
        ilike(invoices.invoiceStatus, pattern),
        org ? undefined : ilike(organisations.name, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({ invoice: invoices, orgName: organisations.name })
    .from(invoices)
    .innerJoin(organisations, eq(organisations.id, invoices.orgId))
    .where(where)
    .orderBy(...listOrder(filter, INVOICE_SORT_KEYS, INVOICES_OWN_ORDER))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(organisations, eq(organisations.id, invoices.orgId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  BILLING_UPDATED_MESSAGE,
  CARD_ADDED_MESSAGE,
  DEFAULT_METHOD_CLEARED_MESSAGE,
  DEFAULT_METHOD_UPDATED_MESSAGE,
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  PAYMENT_METHOD_REMOVED_MESSAGE,
  type AttachMethodBody,
  type BillingMessageResponse,
  type BillingProviderResponse,
  type Invoice,
  type InvoicesQuery,
  type InvoicesResponse,
  type OrgDetailsResponse,
  type PaymentMethodsResponse,
  type RemoveMethodBody,
  type UpdateBillingDetailsBody,
} from '@resonant/contracts/billing';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import type { AppDeps } from '../../app-deps.ts';
import { requireOrg, type OrgScope, type TenantScope } from '../../kernel/scope.ts';
import type { ConfiguredBillingProvider } from '../../lib/billing/create-billing-provider.ts';
import { audit } from '../../kernel/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { ensureOrgCustomer, storedCustomerId } from './billing-customer.ts';
import {
  deleteMethod,
  findBillingOrg,
  findMethod,
  insertMethod,
  listInvoices,
  listMethods,
  lockBillingOrg,
  setDefaultMethod,
  updateBillingEmail,
} from './billing.queries.ts';

/** What the billing routes need: the app's deps, the configured payment provider and a log. */
export type BillingDeps = AppDeps & { billing: ConfiguredBillingProvider; log: FastifyBaseLogger };

async function billingOrgOf(deps: AppDeps, org: OrgScope) {
  const found = await findBillingOrg(deps.db, org);
  if (!found) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  return found;
}

/** The organisation's billing details (SPEC §7 GET /org/details). */
export async function orgDetails(deps: AppDeps, scope: TenantScope): Promise<OrgDetailsResponse> {
  const org = await billingOrgOf(deps, requireOrg(scope));
  return {
    id: org.id,
    name: org.name,
    unique_name: org.uniqueName,
    created_at: org.createdAt.toISOString(),
    active: org.active,
    billing_start_date: org.billingStartDate,
    previous_billing_date: org.previousBillingDate,
    next_billing_date: org.nextBillingDate,
    billing_email: org.billingEmail,
  };
}

/**
 * Sets the billing email (SPEC §7 PUT /org/update_org_billing_details), and the provider
 * customer's email when the organisation has a customer already.
 */
export async function updateBillingDetails(
  deps: BillingDeps,
  scope: TenantScope,
  body: z.output<typeof UpdateBillingDetailsBody>,
): Promise<BillingMessageResponse> {
  const org = requireOrg(scope);
  const current = await billingOrgOf(deps, org);
  const customerId = storedCustomerId(deps.billing, current);
  // The provider first: when it cannot be reached, nothing changes and the page says so.
  if (customerId) {
    await deps.billing.updateCustomer(customerId, {
      name: current.name,
      billingEmail: body.billing_email,
    });
  }
  await deps.db.transaction(async (tx) => {
    await updateBillingEmail(tx, org, body.billing_email);
    await audit(tx, scope, 'billing.update-email', org.orgId, { billingEmail: body.billing_email });
  });
  return { message: BILLING_UPDATED_MESSAGE };
}

/** Which provider takes cards, and Stripe's publishable key when it is Stripe. */
export function billingProvider(deps: BillingDeps): BillingProviderResponse {
  if (deps.billing.name === 'local') return { provider: 'local' };
  return { provider: 'stripe', publishable_key: deps.config.STRIPE_PUBLISHABLE_KEY ?? '' };
}

/** The saved cards, default first, then newest (SPEC §7 GET /org/list_available_methods). */
export async function paymentMethods(
  deps: BillingDeps,
  scope: TenantScope,
): Promise<PaymentMethodsResponse> {
  const org = requireOrg(scope);
  const rows = await listMethods(deps.db, org, deps.billing.name);
  return {
    methods: rows.map((row) => ({
      id: row.providerMethodId,
      card: { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear },
    })),
    current_method_id: rows.find((row) => row.isDefault)?.providerMethodId ?? null,
  };
}

/**
 * Attaches a card (SPEC §7 POST /org/attach_billing_method, §4): a card the browser made is
 * attached to the organisation's customer and saved, default when `set_as_default` is true or
 * when it is the first. For a saved card `set_as_default` true makes it the default, false on
 * the default leaves none, and without it nothing changes. A method the provider does not know,
 * or another organisation's, is 404 (and makes no customer); a declined card 402.
 */
export async function attachMethod(
  deps: BillingDeps,
  scope: TenantScope,
  body: z.output<typeof AttachMethodBody>,
): Promise<BillingMessageResponse> {
  const org = requireOrg(scope);
  const saved = await findMethod(deps.db, org, deps.billing.name, body.method_id);
  if (saved) return changeDefault(deps, scope, saved, body.set_as_default);

  const billingOrg = await billingOrgOf(deps, org);
  // Looked up before a customer is made for it: a probe with a made-up id makes nothing.
  const found = await deps.billing.retrievePaymentMethod(body.method_id);
  const ours = storedCustomerId(deps.billing, billingOrg);
  if (!found || (found.customerId && ours && found.customerId !== ours)) {
    throw notFound(PAYMENT_METHOD_NOT_FOUND_MESSAGE);
  }
  const customerId = await ensureOrgCustomer(deps, billingOrg);
  const attached = await deps.billing.attachMethod({
    orgId: org.orgId,
    customerId,
    methodId: body.method_id,
  });
  if (!attached) throw notFound(PAYMENT_METHOD_NOT_FOUND_MESSAGE);
  const isDefault = await deps.db.transaction(async (tx) => {
    // Locked, so two first cards saved at once do not both become the default.
    await lockBillingOrg(tx, org);
    const first = (await listMethods(tx, org, deps.billing.name)).length === 0;
    const id = await insertMethod(tx, org, {
      provider: deps.billing.name,
      providerMethodId: attached.id,
      brand: attached.card.brand,
      last4: attached.card.last4,
      expMonth: attached.card.expMonth,
      expYear: attached.card.expYear,
    });
    if (!id) throw notFound(PAYMENT_METHOD_NOT_FOUND_MESSAGE);
    const makeDefault = body.set_as_default === true || first;
    if (makeDefault) await setDefaultMethod(tx, org, id);
    await audit(tx, scope, 'billing.attach-method', id, {
      brand: attached.card.brand,
      last4: attached.card.last4,
      default: makeDefault,
    });
    return makeDefault;
  });
  if (isDefault) {
    // The card is saved and ours is the record invoicing charges by; the provider's default only
    // mirrors it, so failing to mirror it does not make the page say the card was not added.
    await deps.billing.setDefaultMethod(customerId, attached.id).catch((error: unknown) => {
      deps.log.warn(
        { err: error, orgId: org.orgId },
        'the saved card could not be made the provider’s default',
      );
    });
  }
  return { message: CARD_ADDED_MESSAGE };
}

/**
 * Makes a saved card the default (`setAsDefault` true), or leaves the organisation without one
 * (false, asked of the default). Otherwise nothing changes: the card is saved, as asked.
 */
async function changeDefault(
  deps: BillingDeps,
  scope: TenantScope,
  saved: { id: string; isDefault: boolean; providerMethodId: string },
  setAsDefault: boolean | undefined,
): Promise<BillingMessageResponse> {
  const org = requireOrg(scope);
  if (setAsDefault === undefined || (!setAsDefault && !saved.isDefault)) {
    return { message: CARD_ADDED_MESSAGE };
  }
  const billingOrg = await billingOrgOf(deps, org);
  const customerId = await ensureOrgCustomer(deps, billingOrg);
  await deps.billing.setDefaultMethod(customerId, setAsDefault ? saved.providerMethodId : null);
  await deps.db.transaction(async (tx) => {
    await setDefaultMethod(tx, org, setAsDefault ? saved.id : null);
    await audit(
      tx,
      scope,
      setAsDefault ? 'billing.set-default-method' : 'billing.clear-default-method',
      saved.id,
      {},
    );
  });
  return {
    message: setAsDefault ? DEFAULT_METHOD_UPDATED_MESSAGE : DEFAULT_METHOD_CLEARED_MESSAGE,
  };
}

/**
 * Removes a saved card (SPEC §7 POST /org/remove_payment_method): detached at the provider, then
 * deleted here; removing the default leaves the organisation without one (SPEC §4).
 */
export async function removeMethod(
  deps: BillingDeps,
  scope: TenantScope,
  body: z.output<typeof RemoveMethodBody>,
): Promise<BillingMessageResponse> {
  const org = requireOrg(scope);
  const saved = await findMethod(deps.db, org, deps.billing.name, body.method_id);
  if (!saved) throw notFound(PAYMENT_METHOD_NOT_FOUND_MESSAGE);
  await deps.billing.detachMethod(saved.providerMethodId);
  await deps.db.transaction(async (tx) => {
    await deleteMethod(tx, org, saved.id);
    await audit(tx, scope, 'billing.remove-method', saved.id, { wasDefault: saved.isDefault });
  });
  return { message: PAYMENT_METHOD_REMOVED_MESSAGE };
}

type InvoiceListRow = Awaited<ReturnType<typeof listInvoices>>['rows'][number];

/** SPEC §3 Invoice as the tables show it. */
function presentInvoice({ invoice, orgName }: InvoiceListRow): Invoice {
  return {
    id: invoice.id,
    number: invoice.number ?? '',
    seats: invoice.seats,
    unit_amount: invoice.unitAmountCents,
    amount_due: invoice.amountDueCents,
    currency: invoice.currency,
    invoice_status: invoice.invoiceStatus,
    payment_status: invoice.paymentStatus,
    invoice_url: invoice.invoiceUrl,
    hosted_invoice_pdf: invoice.hostedInvoicePdf,
    billing_email: invoice.billingEmail,
    billing_period_start: invoice.billingPeriodStart,
    billing_period_end: invoice.billingPeriodEnd,
    due_date: invoice.dueDate,
    paid_at: invoice.paidAt?.toISOString() ?? null,
    created_at: invoice.createdAt.toISOString(),
    org_name: orgName,
    org_id: invoice.orgId,
  };
}

const filterOf = (query: z.output<typeof InvoicesQuery>) => ({
  search: query.search || undefined,
  sort: query.sort,
  order: query.order,
  limit: query.limit,
  offset: query.offset,
});

/** The organisation's invoices, newest period first unless sorted (SPEC §7 GET /org/invoices/list). */
export async function orgInvoices(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof InvoicesQuery>,
): Promise<InvoicesResponse> {
  const { rows, total } = await listInvoices(deps.db, requireOrg(scope), filterOf(query));
  return { list: rows.map(presentInvoice), noOfRows: total };
}

/** Every organisation's invoices, for the app admin (SPEC §2 /admin/invoices). */
export async function allInvoices(
  deps: AppDeps,
  _scope: TenantScope,
  query: z.output<typeof InvoicesQuery>,
): Promise<InvoicesResponse> {
  const { rows, total } = await listInvoices(deps.db, null, filterOf(query));
  return { list: rows.map(presentInvoice), noOfRows: total };
}

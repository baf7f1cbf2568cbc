import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { ensureOrgCustomer } from '../features/billing/billing-customer.ts';
import {
  deleteMethod,
  findBillingOrg,
  findMethod,
  insertMethod,
  setDefaultMethod,
} from '../features/billing/billing.queries.ts';
import { invoiceOrganisation } from '../features/billing/invoicing.ts';
import { payLocalInvoice } from '../features/billing/local-pay.ts';
import { addDays, addMonths } from '../lib/billing-period.ts';
import { localBillingProvider, type LocalBillingProvider } from '../lib/billing/local-provider.ts';
import { DEMO_DOMAIN } from './demo-org.ts';
import { findFailedInvoiceToken, startBilling } from './demo.queries.ts';

export const DEMO_BILLING_EMAIL = `billing@${DEMO_DOMAIN}`;

/** What the demo's billing needs from the configuration. */
export type DemoBillingOptions = { publicUrl: string; seatPriceCents: number };

/**
 * The demo's billing in test mode; none with Stripe configured (decision 0025): its test cards
 * and invoices would be test mode's in an app whose cards are Stripe's.
 */
export function demoBillingOptions(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'PUBLIC_URL' | 'SEAT_PRICE_CENTS'>,
): DemoBillingOptions | undefined {
  if (config.STRIPE_SECRET_KEY) return undefined;
  return { publicUrl: config.PUBLIC_URL, seatPriceCents: config.SEAT_PRICE_CENTS };
}

const MONTHS = 8;
/** The month whose only card declines: its invoice fails, then is paid on its pay page. */
const FAILED_MONTH = 6;
/** Days after its billing day that the failed invoice is paid. */
const PAID_LATE_DAYS = 2;
const GOOD_CARD = '4242424242424242';
const DECLINING_CARD = '4000000000000341';
/** Far enough ahead that the demo's cards never expire. */
const DEMO_CARD_EXP_YEAR = 2099;

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The demo's billing (decision 0025; seeded in test mode only), made by the invoicing code itself
 * on the local (test-mode) provider, month by month on that month's clock, mailing nobody:
 * billing starts eight months before the seeding day, so eight periods have ended and been
 * invoiced. A 4242 test card pays the first five; then the only card is one whose charges are
 * declined, so the sixth fails and is paid two days later through the pay page's own function; a
 * 4242 card pays the seventh; the eighth, billed on the seeding day with no card saved, stays
 * `invoice sent` (Pay Now can be tried). A 4242 card is then saved as the default. A month with
 * no active member is a $0.00 invoice, paid as it is issued.
 */
export async function seedDemoBilling(
  db: Database,
  orgId: string,
  now: Date,
  options: DemoBillingOptions,
): Promise<void> {
  const start = addMonths(now.toISOString().slice(0, 10), -MONTHS);
  await startBilling(db, orgId, {
    start,
    nextBillingDate: addMonths(start, 1),
    billingEmail: DEMO_BILLING_EMAIL,
  });
  const providerAt = (at: Date) =>
    localBillingProvider({ db, publicUrl: options.publicUrl, clock: () => at });
  // The demo's invoices mail nobody: its billing address is made up, and mail may be real.
  const invoiceAt = (at: Date) =>
    invoiceOrganisation(
      { db, billing: providerAt(at), seatPriceCents: options.seatPriceCents, notify: false },
      orgId,
      at,
    );

  let card = await saveCard(db, providerAt(midnight(start)), orgId, GOOD_CARD);
  for (let month = 1; month <= MONTHS; month++) {
    const billingDay = addMonths(start, month);
    const before = midnight(addDays(billingDay, -1));
    if (month === FAILED_MONTH) {
      await removeCard(db, providerAt(before), orgId, card);
      card = await saveCard(db, providerAt(before), orgId, DECLINING_CARD);
    }
    if (month === FAILED_MONTH + 1) {
      await removeCard(db, providerAt(before), orgId, card);
      card = await saveCard(db, providerAt(before), orgId, GOOD_CARD);
    }
    if (month === MONTHS) await removeCard(db, providerAt(before), orgId, card);
    await invoiceAt(midnight(billingDay));
    if (month === FAILED_MONTH) {
      await payFailedInvoice(db, providerAt(midnight(addDays(billingDay, PAID_LATE_DAYS))), orgId);
    }
  }
  await saveCard(db, providerAt(now), orgId, GOOD_CARD);
}

const DEMO_CARD = {
  exp_month: 12,
  cvc: '123',
  address: {
    name: 'Olivia Admin',
    line1: '1 Demo Street',
    city: 'Springfield',
    postal_code: '12345',
    country: 'US',
  },
};

/** A test card made and saved as the settings page does, as the organisation's default. */
async function saveCard(
  db: Database,
  provider: LocalBillingProvider,
  orgId: string,
  number: string,
): Promise<string> {
  const org = await findBillingOrg(db, { orgId });
  if (!org) throw new Error(`demo organisation ${orgId} not found`);
  const customerId = await ensureOrgCustomer({ db, billing: provider }, org);
  const { id } = await provider.createMethod(orgId, {
    ...DEMO_CARD,
    number,
    exp_year: DEMO_CARD_EXP_YEAR,
  });
  const attached = await provider.attachMethod({ orgId, customerId, methodId: id });
  if (!attached) throw new Error(`demo card ${id} not attached`);
  const rowId = await insertMethod(
    db,
    { orgId },
    {
      provider: provider.name,
      providerMethodId: attached.id,
      brand: attached.card.brand,
      last4: attached.card.last4,
      expMonth: attached.card.expMonth,
      expYear: attached.card.expYear,
    },
  );
  await setDefaultMethod(db, { orgId }, rowId);
  return id;
}

/** A saved card removed as the settings page does: detached, then deleted. */
async function removeCard(
  db: Database,
  provider: LocalBillingProvider,
  orgId: string,
  methodId: string,
) {
  const saved = await findMethod(db, { orgId }, provider.name, methodId);
  if (!saved) throw new Error(`demo card ${methodId} not saved`);
  await provider.detachMethod(methodId);
  await deleteMethod(db, { orgId }, saved.id);
}

/**
 * Pays the organisation's failed invoice with a good card, through the pay page's function. A
 * month of no seats was paid at $0.00 instead of failing: then there is none to pay.
 */
async function payFailedInvoice(db: Database, local: LocalBillingProvider, orgId: string) {
  const token = await findFailedInvoiceToken(db, orgId);
  if (!token) return;
  // The demo's history is test mode's own, whichever provider is configured.
  await payLocalInvoice({ db, local, testCardsPay: true }, token, {
    ...DEMO_CARD,
    number: GOOD_CARD,
    exp_year: DEMO_CARD_EXP_YEAR,
  });
}

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE, PAYMENT_PROVIDER_ERROR_MESSAGE } from '@resonant/contracts/billing';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in.ts';
import type { Database } from '../../db/client.ts';
import type { NewProviderInvoice } from './billing-provider.ts';
import { CardDeclinedError } from './card-declined-error.ts';
import { PaymentProviderError } from './payment-provider-error.ts';
import {
  createBillingProvider,
  type ConfiguredBillingProvider,
} from './create-billing-provider.ts';

// The Stripe provider never touches the database.
const noDatabase = {} as Database;

describe('the stripe provider, through the real SDK, against the stand-in', () => {
  let standIn: StripeStandIn;
  let provider: ConfiguredBillingProvider;
  /** What Stripe.js does in the browser: make a payment method from a card, with the publishable key. */
  let browser: Stripe;
  /** What Stripe's dashboard shows: the objects as Stripe holds them. */
  let dashboard: Stripe;

  const newCard = async (token: string) =>
    (await browser.paymentMethods.create({ type: 'card', card: { token } })).id;

  const customerOf = (orgId: string, customerId: string | null = null) =>
    provider.ensureCustomer({
      orgId,
      name: 'Breathe Co',
      billingEmail: 'billing@breathe.test',
      customerId,
    });

  const invoiceInput = (customerId: string, key: string, seats = 3): NewProviderInvoice => ({
    customerId,
    orgId: 'org-1',
    orgName: 'Breathe Co',
    idempotencyKey: key,
    number: 'UNUSED-0001',
    seats,
    unitAmountCents: 500,
    currency: 'usd',
    periodStart: '2026-01-15',
    periodEnd: '2026-02-15',
    dueDate: '2026-02-22',
    billingEmail: 'billing@breathe.test',
  });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    provider = createBillingProvider(
      {
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_API_URL: standIn.url,
        PUBLIC_URL: 'http://localhost:3000',
      },
      noDatabase,
      () => new Date(),
    );
    const { hostname, port } = new URL(standIn.url);
    const endpoint = { host: hostname, port, protocol: 'http' } as const;
    browser = new Stripe(standIn.publishableKey, endpoint);
    dashboard = new Stripe(standIn.secretKey, endpoint);
  });
  afterAll(() => standIn.close());

  it('is chosen when STRIPE_SECRET_KEY is set', () => {
    expect(provider.name).toBe('stripe');
  });

  it('makes one customer per organisation, however often it is asked, and leaves it alone after', async () => {
    const first = await customerOf('org-a');
    expect(await customerOf('org-a')).toBe(first);
    expect(await customerOf('org-b')).not.toBe(first);
    expect(await dashboard.customers.retrieve(first)).toMatchObject({
      name: 'Breathe Co',
      email: 'billing@breathe.test',
      metadata: { org_id: 'org-a' },
    });

    // An existing customer is only looked up: its details change through updateCustomer.
    const kept = await provider.ensureCustomer({
      orgId: 'org-a',
      name: 'Renamed Co',
      billingEmail: 'accounts@breathe.test',
      customerId: first,
    });
    expect(kept).toBe(first);
    expect(await dashboard.customers.retrieve(first)).toMatchObject({
      name: 'Breathe Co',
      email: 'billing@breathe.test',
    });
  });

  it('updates the name and billing email of a customer, and clears the email', async () => {
    const customerId = await customerOf('org-update');
    await provider.updateCustomer(customerId, {
      name: 'Breathe Ltd',
      billingEmail: 'accounts@breathe.test',
    });
    expect(await dashboard.customers.retrieve(customerId)).toMatchObject({
      name: 'Breathe Ltd',
      email: 'accounts@breathe.test',
    });
    await provider.updateCustomer(customerId, { name: 'Breathe Ltd', billingEmail: null });
    expect(await dashboard.customers.retrieve(customerId)).toMatchObject({ email: null });
    // Not Stripe's, or gone at Stripe: nothing to update (ensureCustomer makes a new one).
    await provider.updateCustomer('cus_local_org-update', { name: 'X', billingEmail: null });
    await provider.updateCustomer('cus_nobody', { name: 'X', billingEmail: null });
  });

  it('makes a new customer in place of one Stripe did not make, does not have, or deleted', async () => {
    const orgId = 'org-moved';
    const fromTestMode = await customerOf(orgId, `cus_local_${orgId}`);
    expect(fromTestMode).toMatch(/^cus_(?!local_)/);
    expect(await dashboard.customers.retrieve(fromTestMode)).toMatchObject({
      metadata: { org_id: orgId },
    });
    // Asked again with the same stale id (a retried job), it is the same new customer.
    expect(await customerOf(orgId, `cus_local_${orgId}`)).toBe(fromTestMode);

    const unknown = await customerOf(orgId, 'cus_nobody');
    expect(unknown).not.toBe('cus_nobody');
    expect(await dashboard.customers.retrieve(unknown)).toMatchObject({
      metadata: { org_id: orgId },
    });

    await dashboard.customers.del(unknown);
    const replaced = await customerOf(orgId, unknown);
    expect(replaced).not.toBe(unknown);
    expect(await customerOf(orgId, replaced)).toBe(replaced);
  });

  it('attaches a card to the customer, and only to it, and detaches it', async () => {
    const customerId = await customerOf('org-attach');
    const otherCustomer = await customerOf('org-other');
    const methodId = await newCard('tok_visa');

    const attached = await provider.attachMethod({ orgId: 'org-attach', customerId, methodId });
    expect(attached).toEqual({
      id: methodId,
      customerId,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number) },
    });
    // Attaching again is the same card; another organisation's customer never gets it.
    expect(await provider.attachMethod({ orgId: 'org-attach', customerId, methodId })).toEqual(
      attached,
    );
    expect(
      await provider.attachMethod({ orgId: 'org-other', customerId: otherCustomer, methodId }),
    ).toBeNull();
    expect(
      await provider.attachMethod({ orgId: 'org-attach', customerId, methodId: 'pm_nobody' }),
    ).toBeNull();

    await provider.detachMethod(methodId);
    expect(await provider.retrievePaymentMethod(methodId)).toMatchObject({ customerId: null });
    // Detaching twice, or an unknown card, is done already.
    await provider.detachMethod(methodId);
    await provider.detachMethod('pm_nobody');
    expect(await provider.retrievePaymentMethod('pm_nobody')).toBeNull();
  });

  it('refuses to save a card Stripe declines', async () => {
    const customerId = await customerOf('org-declined');
    const methodId = await newCard('tok_chargeDeclined');
    const attaching = provider.attachMethod({ orgId: 'org-declined', customerId, methodId });
    await expect(attaching).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(attaching).rejects.toMatchObject({
      statusCode: 402,
      message: CARD_DECLINED_MESSAGE,
      reason: 'Your card was declined.',
    });
    expect(await provider.retrievePaymentMethod(methodId)).toMatchObject({ customerId: null });
  });

  it('sets and clears the default card', async () => {
    const customerId = await customerOf('org-default');
    const methodId = await newCard('tok_mastercard');
    await provider.attachMethod({ orgId: 'org-default', customerId, methodId });

    await provider.setDefaultMethod(customerId, methodId);
    const withDefault = await dashboard.customers.retrieve(customerId);
    expect(withDefault).toMatchObject({ invoice_settings: { default_payment_method: methodId } });

    await provider.setDefaultMethod(customerId, null);
    const cleared = await dashboard.customers.retrieve(customerId);
    expect(cleared).toMatchObject({ invoice_settings: { default_payment_method: null } });
  });

  it('issues one invoice per key: the seats at the unit price, numbered by Stripe', async () => {
    const customerId = await customerOf('org-invoice');
    const issued = await provider.createInvoice(invoiceInput(customerId, 'invoice-row-1'));
    expect(issued).toEqual({
      providerInvoiceId: expect.stringMatching(/^in_/),
      number: expect.stringMatching(/^[0-9A-F]{8}-0001$/),
      status: 'open',
      attemptCount: 0,
      invoiceUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
      pdfUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/.*\/pdf$/),
      paidAt: null,
    });
    expect(await provider.createInvoice(invoiceInput(customerId, 'invoice-row-1'))).toEqual(issued);

    const invoice = await dashboard.invoices.retrieve(issued.providerInvoiceId);
    expect(invoice).toMatchObject({
      customer: customerId,
      collection_method: 'charge_automatically',
      auto_advance: false,
      amount_due: 1500,
      metadata: { org_id: 'org-1', invoice_id: 'invoice-row-1', period_start: '2026-01-15' },
    });
    expect(invoice.lines.data).toHaveLength(1);
    // Stripe's period end is the period's last second: the day before the next period starts.
    const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
    expect(invoice.lines.data[0]).toMatchObject({
      quantity: 3,
      amount: 1500,
      period: { start: seconds('2026-01-15'), end: seconds('2026-02-15') - 1 },
    });
  });

  it('issues one invoice when two runs ask for the same key at once', async () => {
    const customerId = await customerOf('org-race');
    const [first, second] = await Promise.all([
      provider.createInvoice(invoiceInput(customerId, 'invoice-race')),
      provider.createInvoice(invoiceInput(customerId, 'invoice-race')),
    ]);
    expect(second).toEqual(first);
    expect(standIn.eventsAbout(first!.providerInvoiceId, 'invoice.finalized')).toHaveLength(1);
    const invoice = await dashboard.invoices.retrieve(first!.providerInvoiceId);
    expect(invoice).toMatchObject({ status: 'open', amount_due: 1500 });
  });

  it('marks an invoice of no seats paid as it is issued', async () => {
    const customerId = await customerOf('org-free');
    const issued = await provider.createInvoice(invoiceInput(customerId, 'invoice-free', 0));
    expect(issued).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
  });

  it('charges off-session: a declined card fails the attempt, a good one pays it', async () => {
    const orgId = 'org-charge';
    const customerId = await customerOf(orgId);
    const failing = await newCard('tok_chargeCustomerFail');
    const good = await newCard('tok_visa');
    for (const methodId of [failing, good]) {
      await provider.attachMethod({ orgId, customerId, methodId });
    }
    const { providerInvoiceId } = await provider.createInvoice(
      invoiceInput(customerId, 'invoice-charge'),
    );

    expect(await provider.chargeInvoice(providerInvoiceId, failing)).toEqual({
      paid: false,
      message: 'Your card was declined.',
    });
    expect(await provider.retrieveInvoice(providerInvoiceId)).toMatchObject({
      status: 'open',
      attemptCount: 1,
      paidAt: null,
    });

    const charged = await provider.chargeInvoice(providerInvoiceId, good);
    expect(charged).toEqual({ paid: true, paidAt: expect.any(Date) });
    const paid = await provider.retrieveInvoice(providerInvoiceId);
    expect(paid).toMatchObject({ status: 'paid', attemptCount: 2 });
    expect(paid?.paidAt).toEqual(charged.paid ? charged.paidAt : null);

    // A retried job charging it again gets "paid", not a second charge or an error.
    expect(await provider.chargeInvoice(providerInvoiceId, good)).toEqual(charged);
    expect(standIn.eventsAbout(providerInvoiceId).map((event) => event.type)).toEqual([
      'invoice.finalized',
      'invoice.payment_failed',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
  });

  it('tells a card Stripe no longer has for the customer from a decline, and the next card pays', async () => {
    const orgId = 'org-stale-card';
    const customerId = await customerOf(orgId);
    const detached = await newCard('tok_visa');
    const good = await newCard('tok_mastercard');
    for (const methodId of [detached, good]) {
      await provider.attachMethod({ orgId, customerId, methodId });
    }
    // Removed at Stripe (the dashboard), before our copy of the card learnt of it.
    await dashboard.paymentMethods.detach(detached);
    const { providerInvoiceId } = await provider.createInvoice(
      invoiceInput(customerId, 'invoice-stale-card'),
    );

    for (const methodId of [detached, 'pm_nobody']) {
      expect(await provider.chargeInvoice(providerInvoiceId, methodId)).toEqual({
        paid: false,
        message: expect.any(String),
        methodGone: true,
      });
    }
    expect(await provider.chargeInvoice(providerInvoiceId, good)).toEqual({
      paid: true,
      paidAt: expect.any(Date),
    });
  });

  it('answers null for an invoice Stripe does not know', async () => {
    expect(await provider.retrieveInvoice('in_nobody')).toBeNull();
  });
});

describe('the stripe provider when Stripe fails', () => {
  let standIn: StripeStandIn;

  const providerWith = (secretKey: string) =>
    createBillingProvider(
      { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: standIn.url, PUBLIC_URL: 'http://x.test' },
      noDatabase,
      () => new Date(),
    );

  /** The 502 every route and job gets, with Stripe's own error kept for the log only. */
  async function expectProviderError(call: Promise<unknown>, cause: unknown) {
    const error = await call.then(
      () => expect.fail('the call went through'),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ statusCode: 502, message: PAYMENT_PROVIDER_ERROR_MESSAGE });
    expect((error as Error).cause).toBeInstanceOf(cause);
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  it("answers a wrong key 502, not Stripe's 401 and words", async () => {
    const provider = providerWith('sk_test_wrong');
    await expectProviderError(
      provider.ensureCustomer({ orgId: 'o', name: 'O', billingEmail: null, customerId: null }),
      Stripe.errors.StripeAuthenticationError,
    );
    await expectProviderError(
      provider.retrieveInvoice('in_anything'),
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('answers 502 while Stripe cannot be reached, and works once it can', async () => {
    const provider = providerWith(standIn.secretKey);
    const customerId = await provider.ensureCustomer({
      orgId: 'org-outage',
      name: 'Outage Co',
      billingEmail: null,
      customerId: null,
    });
    const browser = new Stripe(standIn.publishableKey, {
      host: new URL(standIn.url).hostname,
      port: new URL(standIn.url).port,
      protocol: 'http',
    });
    const methodId = (
      await browser.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } })
    ).id;
    await provider.attachMethod({ orgId: 'org-outage', customerId, methodId });
    const { providerInvoiceId } = await provider.createInvoice({
      customerId,
      orgId: 'org-outage',
      orgName: 'Outage Co',
      idempotencyKey: 'invoice-outage',
      number: 'UNUSED',
      seats: 1,
      unitAmountCents: 500,
      currency: 'usd',
      periodStart: '2026-01-01',
      periodEnd: '2026-02-01',
      dueDate: '2026-02-08',
      billingEmail: null,
    });

    standIn.setDown(true);
    try {
      // Not a decline: the job fails (and is retried) rather than trying the next card.
      await expectProviderError(
        provider.chargeInvoice(providerInvoiceId, methodId),
        Stripe.errors.StripeConnectionError,
      );
    } finally {
      standIn.setDown(false);
    }
    expect(await provider.chargeInvoice(providerInvoiceId, methodId)).toMatchObject({
      paid: true,
    });
  });
});

describe('createBillingProvider without STRIPE_SECRET_KEY', () => {
  it('is the built-in local provider', () => {
    const provider = createBillingProvider(
      { STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: undefined, PUBLIC_URL: 'http://x.test' },
      noDatabase,
      () => new Date(),
    );
    expect(provider.name).toBe('local');
  });
});

import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDER_ERROR_MESSAGE } from '@resonant/contracts/billing';
import { invoices, paymentMethods, processedWebhookEvents } from '../../db/schema/billing.ts';
import { organisations } from '../../db/schema/organisations.ts';
import {
  createBillingProvider,
  type ConfiguredBillingProvider,
} from '../../lib/billing/create-billing-provider.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createOrg } from '../../../test/factories.ts';
import {
  standInEvent,
  startStripeStandIn,
  type StandInEvent,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { BAD_SIGNATURE_MESSAGE, WEBHOOKS_OFF_MESSAGE } from './stripe-webhooks.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

type WebhookApp = TestApp & { billing: ConfiguredBillingProvider; url: string };

/**
 * The real app (billing wired by app.ts) listening on a local port, so the stand-in delivers its
 * webhooks over HTTP; `billing` is the provider as the app makes it, for arranging state at Stripe.
 */
async function webhookApp(env: Record<string, string>): Promise<WebhookApp> {
  const t = await buildTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    billing: createBillingProvider(t.config, t.db, () => new Date()),
    url: `http://127.0.0.1:${port}/api/billing/webhooks/stripe`,
  };
}

describe('POST /api/billing/webhooks/stripe', () => {
  let standIn: StripeStandIn;
  let t: WebhookApp;
  /** Stripe.js in the browser: makes payment methods from test tokens. */
  let browser: Stripe;
  /** Stripe's dashboard: the objects as Stripe holds them. */
  let dashboard: Stripe;
  let org: { id: string; customerId: string };
  let periods = 0;

  const send = (event: StandInEvent, options?: { timestamp?: number; secret?: string }) =>
    standIn.sendWebhook(t.url, event, { timestamp: nowSeconds(), ...options });

  /** Delivers events in the order given, each answered 200. */
  async function deliver(...events: StandInEvent[]) {
    for (const event of events) expect((await send(event)).status).toBe(200);
  }

  const only = (objectId: string, type: string) => {
    const [event, ...more] = standIn.eventsAbout(objectId, type);
    expect(more).toEqual([]);
    return event!;
  };

  const newCard = async (token: string) =>
    (await browser.paymentMethods.create({ type: 'card', card: { token } })).id;

  /** A card attached at Stripe to the organisation's customer, as the attach call leaves it. */
  async function attachedCard(token: string) {
    const methodId = await newCard(token);
    await t.billing.attachMethod({ orgId: org.id, customerId: org.customerId, methodId });
    return methodId;
  }

  /** An invoice issued at Stripe and recorded as invoicing records it: `invoice sent`. */
  async function issuedInvoice() {
    const periodStart = new Date(Date.UTC(2025, 0, 1 + periods++)).toISOString().slice(0, 10);
    const [row] = await t.db
      .insert(invoices)
      .values({
        orgId: org.id,
        provider: 'stripe',
        seats: 4,
        unitAmountCents: 500,
        amountDueCents: 2000,
        invoiceStatus: 'draft',
        paymentStatus: 'unpaid',
        billingPeriodStart: periodStart,
        billingPeriodEnd: '2026-01-01',
      })
      .returning({ id: invoices.id });
    const issued = await t.billing.createInvoice({
      customerId: org.customerId,
      orgId: org.id,
      orgName: 'Webhook Org',
      idempotencyKey: row!.id,
      number: 'UNUSED',
      seats: 4,
      unitAmountCents: 500,
      currency: 'usd',
      periodStart,
      periodEnd: '2026-01-01',
      dueDate: '2026-01-08',
      billingEmail: null,
    });
    await t.db
      .update(invoices)
      .set({
        number: issued.number,
        providerInvoiceId: issued.providerInvoiceId,
        invoiceStatus: 'invoice sent',
      })
      .where(eq(invoices.id, row!.id));
    return { id: row!.id, providerInvoiceId: issued.providerInvoiceId };
  }

  const invoiceState = async (id: string) => {
    const [row] = await t.db
      .select({
        invoiceStatus: invoices.invoiceStatus,
        paymentStatus: invoices.paymentStatus,
        paidAt: invoices.paidAt,
      })
      .from(invoices)
      .where(eq(invoices.id, id));
    return row;
  };

  const savedCards = async () => {
    const rows = await t.db
      .select({ providerMethodId: paymentMethods.providerMethodId, id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.orgId, org.id));
    const [orgRow] = await t.db
      .select({ defaultId: organisations.defaultPaymentMethodId })
      .from(organisations)
      .where(eq(organisations.id, org.id));
    const defaultCard = rows.find((row) => row.id === orgRow?.defaultId)?.providerMethodId ?? null;
    return { cards: rows.map((row) => row.providerMethodId).sort(), defaultCard };
  };

  const processed = async (events: StandInEvent[]) =>
    t.db
      .select()
      .from(processedWebhookEvents)
      .where(
        inArray(
          processedWebhookEvents.eventId,
          events.map((event) => event.id),
        ),
      );

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await webhookApp({
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
    });
    ({ browser, dashboard } = standIn);
    const created = await createOrg(t.db, { name: 'Webhook Org' });
    const customerId = await t.billing.ensureCustomer({
      orgId: created.id,
      name: created.name,
      billingEmail: null,
      customerId: null,
    });
    await t.db
      .update(organisations)
      .set({ billingCustomerId: customerId })
      .where(eq(organisations.id, created.id));
    org = { id: created.id, customerId };
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('marks an invoice failed when its charge is declined, and paid once a card pays it', async () => {
    const invoice = await issuedInvoice();
    const failing = await attachedCard('tok_chargeCustomerFail');
    await t.billing.chargeInvoice(invoice.providerInvoiceId, failing);
    await deliver(only(invoice.providerInvoiceId, 'invoice.payment_failed'));
    expect(await invoiceState(invoice.id)).toEqual({
      invoiceStatus: 'failed',
      paymentStatus: 'failed',
      paidAt: null,
    });

    const good = await attachedCard('tok_visa');
    const charged = await t.billing.chargeInvoice(invoice.providerInvoiceId, good);
    await deliver(only(invoice.providerInvoiceId, 'invoice.paid'));
    expect(await invoiceState(invoice.id)).toEqual({
      invoiceStatus: 'paid',
      paymentStatus: 'paid',
      paidAt: charged.paid ? charged.paidAt : 'never',
    });
  });

  it('ends paid whatever the order of invoice.payment_failed and invoice.paid, each delivered twice', async () => {
    const finalStates = [];
    for (const order of ['as sent', 'paid first'] as const) {
      const invoice = await issuedInvoice();
      await t.billing.chargeInvoice(
        invoice.providerInvoiceId,
        await attachedCard('tok_chargeCustomerFail'),
      );
      await t.billing.chargeInvoice(invoice.providerInvoiceId, await attachedCard('tok_visa'));
      const failed = only(invoice.providerInvoiceId, 'invoice.payment_failed');
      const paid = only(invoice.providerInvoiceId, 'invoice.paid');
      const events = order === 'as sent' ? [failed, paid] : [paid, failed];
      await deliver(...events, ...events);
      expect(await processed(events)).toHaveLength(2);
      finalStates.push(await invoiceState(invoice.id));
    }
    expect(finalStates[0]).toMatchObject({ invoiceStatus: 'paid', paymentStatus: 'paid' });
    expect(finalStates[1]).toMatchObject({ invoiceStatus: 'paid', paymentStatus: 'paid' });
    expect(finalStates[0]!.paidAt).toBeInstanceOf(Date);
  });

  it('saves a card attached at Stripe, the first one as the default, and forgets it when detached', async () => {
    const before = await savedCards();
    expect(before.cards).toEqual([]);
    const methodId = await attachedCard('tok_mastercard');
    const attached = only(methodId, 'payment_method.attached');
    await deliver(attached, attached);
    expect(await savedCards()).toEqual({ cards: [methodId], defaultCard: methodId });
    // Stripe is told which card is the default, as when it is added on the page.
    expect(await dashboard.customers.retrieve(org.customerId)).toMatchObject({
      invoice_settings: { default_payment_method: methodId },
    });

    await t.billing.detachMethod(methodId);
    await deliver(only(methodId, 'payment_method.detached'));
    expect(await savedCards()).toEqual({ cards: [], defaultCard: null });
  });

  it('ends with the card gone whatever the order of payment_method.attached and .detached, each delivered twice', async () => {
    for (const order of ['as sent', 'detached first'] as const) {
      const methodId = await attachedCard('tok_amex');
      await t.billing.detachMethod(methodId);
      const attached = only(methodId, 'payment_method.attached');
      const detached = only(methodId, 'payment_method.detached');
      const events = order === 'as sent' ? [attached, detached] : [detached, attached];
      await deliver(...events, ...events);
      expect(await processed(events)).toHaveLength(2);
      expect(await savedCards()).toEqual({ cards: [], defaultCard: null });
    }
  });

  it('acknowledges an event it does not apply, and records it once', async () => {
    const event = standInEvent('evt_customer_updated', 'customer.updated', {
      id: org.customerId,
      object: 'customer',
    });
    await deliver(event, event);
    expect(await processed([event])).toMatchObject([{ provider: 'stripe' }]);
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const invoice = await issuedInvoice();
    await t.billing.chargeInvoice(invoice.providerInvoiceId, await attachedCard('tok_visa'));
    const paid = only(invoice.providerInvoiceId, 'invoice.paid');

    const wrongSecret = await send(paid, { secret: 'whsec_not_the_secret' });
    expect(wrongSecret).toEqual({
      status: 400,
      body: JSON.stringify({ message: BAD_SIGNATURE_MESSAGE }),
    });
    const unsigned = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paid),
    });
    expect(unsigned.status).toBe(400);
    // Signed, then changed on the way: the signature no longer matches the body.
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(paid),
      secret: standIn.webhookSecret,
      timestamp: nowSeconds(),
    });
    const tampered = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: JSON.stringify({ ...paid, id: 'evt_forged' }),
    });
    expect(tampered.status).toBe(400);

    expect(await processed([paid, { ...paid, id: 'evt_forged' }])).toEqual([]);
    expect(await invoiceState(invoice.id)).toMatchObject({ invoiceStatus: 'invoice sent' });
  });

  it('answers 502 and records nothing while Stripe cannot be reached, so the redelivery applies it', async () => {
    const invoice = await issuedInvoice();
    const methodId = await attachedCard('tok_visa');
    await t.billing.chargeInvoice(invoice.providerInvoiceId, methodId);
    const paid = only(invoice.providerInvoiceId, 'invoice.paid');

    standIn.setDown(true);
    let refused: { status: number; body: string };
    try {
      refused = await send(paid);
    } finally {
      standIn.setDown(false);
    }
    expect(refused).toEqual({
      status: 502,
      body: JSON.stringify({ message: PAYMENT_PROVIDER_ERROR_MESSAGE }),
    });
    expect(await processed([paid])).toEqual([]);
    expect(await invoiceState(invoice.id)).toMatchObject({ invoiceStatus: 'invoice sent' });

    // Stripe delivers it again later: applied then, once.
    await deliver(paid, paid);
    expect(await processed([paid])).toHaveLength(1);
    expect(await invoiceState(invoice.id)).toMatchObject({
      invoiceStatus: 'paid',
      paymentStatus: 'paid',
    });
  });

  it(`refuses an event signed more than 300 s ago, and takes one signed within`, async () => {
    const invoice = await issuedInvoice();
    await t.billing.chargeInvoice(invoice.providerInvoiceId, await attachedCard('tok_visa'));
    const paid = only(invoice.providerInvoiceId, 'invoice.paid');

    expect((await send(paid, { timestamp: nowSeconds() - 301 })).status).toBe(400);
    expect(await processed([paid])).toEqual([]);
    expect(await invoiceState(invoice.id)).toMatchObject({ invoiceStatus: 'invoice sent' });

    expect((await send(paid, { timestamp: nowSeconds() - 290 })).status).toBe(200);
    expect(await invoiceState(invoice.id)).toMatchObject({ invoiceStatus: 'paid' });
  });
});

describe('POST /api/billing/webhooks/stripe without STRIPE_WEBHOOK_SECRET', () => {
  let standIn: StripeStandIn;
  let t: WebhookApp;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await webhookApp({
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_API_URL: standIn.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('answers 400 and records nothing, however the event is signed', async () => {
    const event = standInEvent('evt_unconfigured', 'invoice.paid', {
      id: 'in_nobody',
      object: 'invoice',
    });
    const response = await standIn.sendWebhook(t.url, event, { timestamp: nowSeconds() });
    expect(response).toEqual({
      status: 400,
      body: JSON.stringify({ message: WEBHOOKS_OFF_MESSAGE }),
    });
    expect(await t.db.select().from(processedWebhookEvents)).toEqual([]);
  });
});

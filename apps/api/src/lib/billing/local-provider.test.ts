import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CARD_DECLINED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  type InvoiceStatus,
  LocalCardBody,
  NOT_A_TEST_CARD_MESSAGE,
} from '@resonant/contracts/billing';
import { createOrg } from '../../../test/factories.ts';
import { cloneTemplate } from '../../../test/template-database.ts';
import type { DatabaseConnection } from '../../db/client.ts';
import { invoices, localPaymentMethods } from '../../db/schema/billing.ts';
import type { NewProviderInvoice } from './billing-provider.ts';
import { CardDeclinedError } from './card-declined-error.ts';
import { localBillingProvider, type LocalBillingProvider } from './local-provider.ts';

const NOW = new Date('2026-03-15T12:00:00Z');

/** A card as the form sends it (spaces and all), parsed by the contract as the route does. */
const card = (number: string, expiry: { exp_month?: number; exp_year?: number } = {}) =>
  LocalCardBody.parse({
    number,
    exp_month: expiry.exp_month ?? 12,
    exp_year: expiry.exp_year ?? 2030,
    cvc: '123',
    address: {
      name: 'Ada Lovelace',
      line1: '1 Test Street',
      city: 'London',
      postal_code: 'N1 1AA',
      country: 'GB',
    },
  });

describe('the local (test-mode) provider', () => {
  let connection: DatabaseConnection;
  let provider: LocalBillingProvider;
  let org: { id: string };
  let otherOrg: { id: string };

  /** Saves a test card for `orgId` and returns its id. */
  const saved = async (number: string, orgId = org.id) =>
    (await provider.createMethod(orgId, card(number))).id;

  let periods = 0;
  /** Our invoice row, as invoicing leaves it after the provider issued it. */
  async function invoiceRow(values: {
    token: string | null;
    status: InvoiceStatus;
    orgId?: string;
    paidAt?: Date;
  }) {
    const [row] = await connection.db
      .insert(invoices)
      .values({
        orgId: values.orgId ?? org.id,
        number: values.token ? `LOCAL-${values.token.slice(-6)}` : null,
        provider: 'local',
        providerInvoiceId: values.token,
        seats: 2,
        unitAmountCents: 500,
        amountDueCents: 1000,
        invoiceStatus: values.status,
        paymentStatus: values.status === 'paid' ? 'paid' : 'unpaid',
        // One period each: an organisation has one invoice per period.
        billingPeriodStart: new Date(Date.UTC(2020, 0, ++periods)).toISOString().slice(0, 10),
        billingPeriodEnd: '2030-01-01',
        paidAt: values.paidAt ?? null,
      })
      .returning();
    return row!;
  }

  const issue = (key: string, seats = 2): NewProviderInvoice => ({
    customerId: `cus_local_${org.id}`,
    orgId: org.id,
    orgName: 'Local Org',
    idempotencyKey: key,
    number: 'ABCDEF12-0001',
    seats,
    unitAmountCents: 500,
    currency: 'usd',
    periodStart: '2026-02-15',
    periodEnd: '2026-03-15',
    dueDate: '2026-03-22',
    billingEmail: null,
  });

  beforeAll(async () => {
    connection = await cloneTemplate(inject('testBackend'));
    provider = localBillingProvider({
      db: connection.db,
      publicUrl: 'https://resonant.example.test/',
      clock: () => NOW,
    });
    org = await createOrg(connection.db);
    otherOrg = await createOrg(connection.db);
  });
  afterAll(() => connection.close());

  it("names one customer per organisation, never another provider's", async () => {
    const input = { orgId: org.id, name: 'Local Org', billingEmail: null, customerId: null };
    expect(await provider.ensureCustomer(input)).toBe(`cus_local_${org.id}`);
    // Kept from Stripe (its keys since removed): the local provider's own is named again.
    expect(await provider.ensureCustomer({ ...input, customerId: 'cus_FromStripe' })).toBe(
      `cus_local_${org.id}`,
    );
  });

  it('saves a test card as brand, last 4 and expiry, never its number', async () => {
    const id = await saved('4242 4242 4242 4242');
    expect(id).toMatch(/^pm_local_[0-9a-f]{32}$/);
    const [row] = await connection.db
      .select()
      .from(localPaymentMethods)
      .where(eq(localPaymentMethods.id, id));
    expect(row).toMatchObject({
      orgId: org.id,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      chargeOutcome: 'succeeds',
    });
    expect(JSON.stringify(row)).not.toContain('424242424242');
    expect((await provider.createMethod(org.id, card('5555-5555-5555-4444'))).id).not.toBe(id);
  });

  it('refuses a number that is not a test card, and an expired card', async () => {
    await expect(provider.createMethod(org.id, card('4111 1111 1111 1112'))).rejects.toMatchObject({
      statusCode: 400,
      message: NOT_A_TEST_CARD_MESSAGE,
    });
    await expect(
      provider.createMethod(org.id, card('4242424242424242', { exp_month: 2, exp_year: 2026 })),
    ).rejects.toMatchObject({ statusCode: 400, message: CARD_EXPIRED_MESSAGE });
    // Good until the end of its expiry month.
    await expect(
      provider.createMethod(org.id, card('4242424242424242', { exp_month: 3, exp_year: 2026 })),
    ).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('attaches a card to its own organisation only, and declines the cards Stripe declines', async () => {
    const customerId = `cus_local_${org.id}`;
    const methodId = await saved('378282246310005');
    expect(await provider.attachMethod({ orgId: org.id, customerId, methodId })).toEqual({
      id: methodId,
      customerId,
      card: { brand: 'amex', last4: '0005', expMonth: 12, expYear: 2030 },
    });
    const otherCustomer = `cus_local_${otherOrg.id}`;
    expect(
      await provider.attachMethod({ orgId: otherOrg.id, customerId: otherCustomer, methodId }),
    ).toBeNull();
    expect(
      await provider.attachMethod({ orgId: org.id, customerId: otherCustomer, methodId }),
    ).toBeNull();

    const declined = await saved('4000 0000 0000 0002');
    const attaching = provider.attachMethod({ orgId: org.id, customerId, methodId: declined });
    await expect(attaching).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(attaching).rejects.toMatchObject({
      statusCode: 402,
      message: CARD_DECLINED_MESSAGE,
    });
    const funds = await saved('4000000000009995');
    await expect(
      provider.attachMethod({ orgId: org.id, customerId, methodId: funds }),
    ).rejects.toMatchObject({ reason: 'Your card has insufficient funds.' });
    // 0341 saves; only its charges are declined.
    const chargeFails = await saved('4000000000000341');
    expect(
      await provider.attachMethod({ orgId: org.id, customerId, methodId: chargeFails }),
    ).toMatchObject({ id: chargeFails });
  });

  it('forgets a detached card', async () => {
    const methodId = await saved('6011111111111117');
    expect(await provider.retrievePaymentMethod(methodId)).toMatchObject({
      card: { brand: 'discover', last4: '1117' },
    });
    await provider.detachMethod(methodId);
    expect(await provider.retrievePaymentMethod(methodId)).toBeNull();
  });

  it('issues an invoice under a random token, with its pay page and PDF links', async () => {
    const draft = await invoiceRow({ token: null, status: 'draft' });
    const issued = await provider.createInvoice(issue(draft.id));
    expect(issued).toEqual({
      providerInvoiceId: expect.stringMatching(/^in_local_[A-Za-z0-9_-]{32}$/),
      number: 'ABCDEF12-0001',
      status: 'open',
      attemptCount: 0,
      invoiceUrl: `https://resonant.example.test/billing/invoice/${issued.providerInvoiceId}`,
      pdfUrl: `https://resonant.example.test/api/billing/local/invoices/${issued.providerInvoiceId}/pdf`,
      paidAt: null,
    });
    // Nothing is kept until invoicing saves the token: a retried run asking again gets a new one.
    const again = await provider.createInvoice(issue(draft.id));
    expect(again.providerInvoiceId).not.toBe(issued.providerInvoiceId);

    const free = await invoiceRow({ token: null, status: 'draft' });
    expect(await provider.createInvoice(issue(free.id, 0))).toMatchObject({
      status: 'paid',
      paidAt: NOW,
    });
  });

  it('reads an invoice back from our row', async () => {
    const sent = await invoiceRow({ token: 'in_local_sent', status: 'invoice sent' });
    const failed = await invoiceRow({ token: 'in_local_failed', status: 'failed' });
    const paidAt = new Date('2026-03-01T09:00:00Z');
    await invoiceRow({ token: 'in_local_paid', status: 'paid', paidAt });
    expect(await provider.retrieveInvoice('in_local_sent')).toMatchObject({
      number: sent.number,
      status: 'open',
      attemptCount: 0,
    });
    expect(await provider.retrieveInvoice('in_local_failed')).toMatchObject({
      number: failed.number,
      status: 'open',
      attemptCount: 1,
    });
    expect(await provider.retrieveInvoice('in_local_paid')).toMatchObject({
      status: 'paid',
      paidAt,
    });
    expect(await provider.retrieveInvoice('in_local_nobody')).toBeNull();
  });

  it('charges a saved card by what its test number does', async () => {
    await invoiceRow({ token: 'in_local_charge', status: 'invoice sent' });
    const good = await saved('5555555555554444');
    const failing = await saved('4000000000000341');
    const foreign = await saved('4242424242424242', otherOrg.id);

    expect(await provider.chargeInvoice('in_local_charge', failing)).toEqual({
      paid: false,
      message: 'Your card was declined.',
    });
    expect(await provider.chargeInvoice('in_local_charge', good)).toEqual({
      paid: true,
      paidAt: NOW,
    });
    // Another organisation's card never pays this invoice, and a removed one is gone: the next
    // card is tried.
    const removed = await saved('378282246310005');
    await provider.detachMethod(removed);
    for (const methodId of [foreign, removed]) {
      expect(await provider.chargeInvoice('in_local_charge', methodId)).toEqual({
        paid: false,
        message: `No such payment method: ${methodId}`,
        methodGone: true,
      });
    }
    const paidAt = new Date('2026-03-02T00:00:00Z');
    await invoiceRow({ token: 'in_local_was_paid', status: 'paid', paidAt });
    expect(await provider.chargeInvoice('in_local_was_paid', failing)).toEqual({
      paid: true,
      paidAt,
    });
  });

  it('charges a card typed on the pay page without saving it', async () => {
    const before = await connection.db.select().from(localPaymentMethods);
    expect(provider.chargeCard(card('4242424242424242'))).toEqual({ paid: true, paidAt: NOW });
    expect(provider.chargeCard(card('4000000000000002'))).toEqual({
      paid: false,
      message: 'Your card was declined.',
    });
    expect(() => provider.chargeCard(card('4111111111111111'))).toThrow(NOT_A_TEST_CARD_MESSAGE);
    expect(await connection.db.select().from(localPaymentMethods)).toHaveLength(before.length);
  });
});

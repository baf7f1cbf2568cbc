import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_DECLINED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  INVOICE_PAID_MESSAGE,
  NOT_A_TEST_CARD_MESSAGE,
  TEST_INVOICE_NOT_PAYABLE_MESSAGE,
  TEST_MODE_LABEL,
  type InvoicesResponse,
  type LocalHostedInvoice,
} from '@resonant/contracts/billing';
import { tooManyAttemptsMessage } from '@resonant/contracts/rate-limit';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { invoices, localPaymentMethods } from '../../db/schema/billing.ts';
import { memberActiveDays } from '../../db/schema/rollups.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { localBillingProvider } from '../../lib/billing/local-provider.ts';
import { invoiceOrganisation } from './invoicing.ts';

const PUBLIC_URL = 'https://pay.example.test';
const NOW = new Date('2026-05-03T10:00:00Z');
const card = (number: string, expiry: { exp_month?: number; exp_year?: number } = {}) => ({
  number,
  exp_month: 4,
  exp_year: 2029,
  cvc: '4321',
  address: {
    name: 'Ada Payer',
    line1: '2 High St',
    city: 'Leeds',
    postal_code: 'LS1',
    country: 'GB',
  },
  ...expiry,
});

/**
 * April 2026's invoice of an organisation with one member active on April 12, made by the invoicing
 * code in test mode with no saved card (so `invoice sent`, unpaid); returns its pay-page token.
 */
async function issueUnpaidInvoice(
  t: TestApp,
  orgId: string,
  activeMemberId: string,
  seatPriceCents: number,
): Promise<string> {
  await t.db
    .update(organisations)
    .set({
      billingStartDate: '2026-04-01',
      previousBillingDate: '2026-04-01',
      nextBillingDate: '2026-05-01',
    })
    .where(eq(organisations.id, orgId));
  await t.db
    .insert(memberActiveDays)
    .values({ orgId, accountId: activeMemberId, day: '2026-04-12' });
  const billing = localBillingProvider({ db: t.db, publicUrl: PUBLIC_URL, clock: () => NOW });
  await invoiceOrganisation({ db: t.db, billing, seatPriceCents }, orgId, NOW);
  const [issued] = await t.db.select().from(invoices).where(eq(invoices.orgId, orgId));
  return issued!.providerInvoiceId!;
}

describe('the local provider’s pages', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof buildPayOrg>>;
  let token = '';

  async function buildPayOrg() {
    return buildOrg(t, {
      name: 'Pay Org',
      groups: ['Team'],
      people: {
        admin: { orgAdmin: true },
        lead: { adminOf: ['Team'] },
        member: { groups: ['Team'] },
        active: {},
      },
      signIn: ['admin', 'lead', 'member'],
    });
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL }, clock: () => NOW });
    org = await buildPayOrg();
    // One invoice, made by the invoicing code with no saved card: `invoice sent`, unpaid.
    token = await issueUnpaidInvoice(t, org.id, org.ids.active!, 1250);
  });
  afterAll(() => t.close());

  const pay = (invoiceToken: string, body: object) =>
    t.call('POST', `/api/billing/local/invoices/${invoiceToken}/pay`, undefined, body);
  const listed = async () =>
    (await t.call('GET', '/api/org/invoices/list', org.tokens.admin)).json<InvoicesResponse>()
      .list[0];

  describe('POST /api/billing/local/payment_methods', () => {
    const url = '/api/billing/local/payment_methods';

    it('answers 401 signed out, 403 to group admins and members', async () => {
      expect((await t.call('POST', url, undefined, card('4242424242424242'))).statusCode).toBe(401);
      for (const bearer of [org.tokens.lead, org.tokens.member]) {
        const response = await t.call('POST', url, bearer, card('4242424242424242'));
        expect(response.statusCode).toBe(403);
      }
    });

    it('refuses numbers that are not test numbers and expired cards', async () => {
      const real = await t.call('POST', url, org.tokens.admin, card('4111 1111 1111 1112'));
      expect(real.statusCode).toBe(400);
      expect(real.json()).toEqual({ message: NOT_A_TEST_CARD_MESSAGE });
      const expired = await t.call(
        'POST',
        url,
        org.tokens.admin,
        card('4242424242424242', { exp_month: 4, exp_year: 2026 }),
      );
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: CARD_EXPIRED_MESSAGE });
    });

    it('makes a card of the organisation from a test number, keeping no number', async () => {
      const response = await t.call('POST', url, org.tokens.admin, card('5555 5555 5555 4444'));
      expect(response.statusCode).toBe(200);
      const { id } = response.json<{ id: string }>();
      expect(id).toMatch(/^pm_local_[0-9a-f]+$/);
      const [stored] = await t.db
        .select()
        .from(localPaymentMethods)
        .where(eq(localPaymentMethods.id, id));
      expect(stored).toMatchObject({ orgId: org.id, brand: 'mastercard', last4: '4444' });
      expect(JSON.stringify(stored)).not.toContain('5555555555554444');
    });
  });

  describe('GET /api/billing/local/invoices/{token}', () => {
    it('shows the invoice to whoever has its link', async () => {
      const response = await t.call('GET', `/api/billing/local/invoices/${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<LocalHostedInvoice>()).toEqual({
        number: expect.stringMatching(/^[0-9A-F]{8}-0001$/),
        org_name: 'Pay Org',
        seats: 1,
        unit_amount: 1250,
        amount_due: 1250,
        currency: 'usd',
        invoice_status: 'invoice sent',
        billing_period_start: '2026-04-01',
        billing_period_end: '2026-05-01',
        due_date: '2026-05-08',
        paid_at: null,
        hosted_invoice_pdf: `${PUBLIC_URL}/api/billing/local/invoices/${token}/pdf`,
      });
    });

    it('answers 404 for an unknown token', async () => {
      const response = await t.call('GET', '/api/billing/local/invoices/in_local_unknown');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: INVOICE_NOT_FOUND_MESSAGE });
    });
  });

  describe('GET /api/billing/local/invoices/{token}/pdf', () => {
    it('is the invoice as a PDF, shown inline and named by its number', async () => {
      const response = await t.call('GET', `/api/billing/local/invoices/${token}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const { number } = (
        await t.call('GET', `/api/billing/local/invoices/${token}`)
      ).json<LocalHostedInvoice>();
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="invoice-${number}.pdf"`,
      );
      const document = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const { text } = await extractText(document, { mergePages: true });
      const words = text.replace(/\s+/g, ' ');
      for (const part of ['Pay Org', number, '$12.50', TEST_MODE_LABEL]) {
        expect(words).toContain(part);
      }
    });

    it('answers 404 for an unknown token', async () => {
      const response = await t.call('GET', '/api/billing/local/invoices/in_local_nope/pdf');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: INVOICE_NOT_FOUND_MESSAGE });
    });
  });

  describe('POST /api/billing/local/invoices/{token}/pay', () => {
    it('answers 404 for an unknown token and 400 for a number that is not a test one', async () => {
      const unknown = await pay('in_local_unknown', card('4242424242424242'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: INVOICE_NOT_FOUND_MESSAGE });
      const real = await pay(token, card('4111111111111112'));
      expect(real.statusCode).toBe(400);
      expect(real.json()).toEqual({ message: NOT_A_TEST_CARD_MESSAGE });
    });

    it('answers 402 for a declined card, leaving the invoice to pay as it was', async () => {
      const response = await pay(token, card('4000 0000 0000 0002'));
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ message: CARD_DECLINED_MESSAGE });
      expect(await listed()).toMatchObject({
        invoice_status: 'invoice sent',
        payment_status: 'unpaid',
        paid_at: null,
      });
      const [row] = await t.db
        .select({ lastPaymentError: invoices.lastPaymentError })
        .from(invoices)
        .where(eq(invoices.providerInvoiceId, token));
      expect(row).toEqual({ lastPaymentError: 'Your card was declined.' });
    });

    it('pays it with a good card, once', async () => {
      const response = await pay(token, card('4242 4242 4242 4242'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: INVOICE_PAID_MESSAGE });
      expect(await listed()).toMatchObject({
        invoice_status: 'paid',
        payment_status: 'paid',
        paid_at: NOW.toISOString(),
      });
      const shown = await t.call('GET', `/api/billing/local/invoices/${token}`);
      expect(shown.json()).toMatchObject({ invoice_status: 'paid', paid_at: NOW.toISOString() });

      const again = await pay(token, card('4242424242424242'));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: INVOICE_ALREADY_PAID_MESSAGE });
    });
  });
});

describe('the local provider’s pages once Stripe is configured', () => {
  let t: TestApp;
  let token = '';
  let admin = '';

  beforeAll(async () => {
    // Keys only: nothing here reaches Stripe.
    t = await buildTestApp({
      env: { PUBLIC_URL, STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
      clock: () => NOW,
    });
    const org = await buildOrg(t, {
      name: 'Switched Org',
      people: { admin: { orgAdmin: true }, active: {} },
      signIn: ['admin'],
    });
    admin = org.tokens.admin;
    // Issued in test mode, before the keys were set.
    token = await issueUnpaidInvoice(t, org.id, org.ids.active!, 900);
  });
  afterAll(() => t.close());

  // Issue 27: a test card still "paid" such an invoice, so seats billed for real went unpaid.
  it('keeps a test-mode invoice’s pay page and PDF, and refuses to take a test card for it', async () => {
    const page = await t.call('GET', `/api/billing/local/invoices/${token}`);
    expect(page.json()).toMatchObject({ org_name: 'Switched Org', invoice_status: 'invoice sent' });
    const pdf = await t.call('GET', `/api/billing/local/invoices/${token}/pdf`);
    expect({ status: pdf.statusCode, type: pdf.headers['content-type'] }).toEqual({
      status: 200,
      type: 'application/pdf',
    });
    const paid = await t.call(
      'POST',
      `/api/billing/local/invoices/${token}/pay`,
      undefined,
      card('4242424242424242'),
    );
    expect({ status: paid.statusCode, body: paid.json() }).toEqual({
      status: 409,
      body: { message: TEST_INVOICE_NOT_PAYABLE_MESSAGE },
    });
    const after = await t.call('GET', `/api/billing/local/invoices/${token}`);
    expect(after.json()).toMatchObject({ invoice_status: 'invoice sent', paid_at: null });
    const unknown = await t.call('GET', '/api/billing/local/invoices/in_local_unknown');
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { message: INVOICE_NOT_FOUND_MESSAGE },
    });
  });

  it('takes no typed card: Stripe.js makes them', async () => {
    const response = await t.call(
      'POST',
      '/api/billing/local/payment_methods',
      admin,
      card('4242424242424242'),
    );
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
  });
});

describe('POST /api/billing/local/invoices/{token}/pay, rate limited', () => {
  const WINDOW_SECONDS = 600;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with the wait once an address has used its tries', async () => {
    const tries = [];
    for (let i = 0; i < 3; i++) {
      tries.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/billing/local/invoices/in_local_guess/pay',
          remoteAddress: '10.9.8.7',
          payload: card('4242424242424242'),
        }),
      );
    }
    expect(tries.map((response) => response.statusCode)).toEqual([404, 404, 429]);
    const limited = tries[2]!;
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(limited.json()).toEqual({ message: tooManyAttemptsMessage(retryAfter) });
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/billing/local/invoices/in_local_guess/pay',
      remoteAddress: '10.9.8.6',
      payload: card('4242424242424242'),
    });
    expect(other.statusCode).toBe(404);
  });
});

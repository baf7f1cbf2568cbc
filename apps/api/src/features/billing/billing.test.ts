import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_EMAIL_INVALID_MESSAGE,
  BILLING_UPDATED_MESSAGE,
  CARD_ADDED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  DEFAULT_METHOD_CLEARED_MESSAGE,
  DEFAULT_METHOD_UPDATED_MESSAGE,
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  PAYMENT_METHOD_REMOVED_MESSAGE,
  type InvoiceStatus,
  type InvoicesResponse,
  type LocalPaymentMethodResponse,
  type OrgDetailsResponse,
  type PaymentMethodsResponse,
} from '@resonant/contracts/billing';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { withCpuTime } from '../../../test/cpu-time.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { invoices, paymentMethods } from '../../db/schema/billing.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { findBillingOrg } from './billing.queries.ts';

const CARD = {
  exp_month: 11,
  exp_year: 2031,
  cvc: '123',
  address: { name: 'Ada', line1: '1 Main St', city: 'Town', postal_code: '12345', country: 'GB' },
};

describe('billing routes', () => {
  let t: TestApp;
  let orgA: Awaited<ReturnType<typeof buildWorld>>['orgA'];
  let orgB: Awaited<ReturnType<typeof buildWorld>>['orgB'];
  let appAdmin = '';

  async function buildWorld() {
    const a = await buildOrg(t, {
      name: 'Billing Alpha',
      groups: ['Team'],
      people: {
        admin: { orgAdmin: true, groups: ['Default'] },
        lead: { groups: ['Default'], adminOf: ['Team'] },
        member: { groups: ['Default', 'Team'] },
      },
      signIn: ['admin', 'lead', 'member'],
    });
    const b = await buildOrg(t, {
      name: 'Billing Beta',
      people: { admin: { orgAdmin: true } },
      signIn: ['admin'],
    });
    return { orgA: a, orgB: b };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ({ orgA, orgB } = await buildWorld());
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  /** Makes a test card of an organisation as the settings page does, not yet saved. */
  async function newMethod(token: string, number = '4242424242424242') {
    const response = await t.call('POST', '/api/billing/local/payment_methods', token, {
      ...CARD,
      number,
    });
    expect(response.statusCode).toBe(200);
    return response.json<LocalPaymentMethodResponse>().id;
  }
  const attach = (token: string | undefined, methodId: string, setAsDefault?: boolean) =>
    t.call('POST', '/api/org/attach_billing_method', token, {
      method_id: methodId,
      ...(setAsDefault === undefined ? {} : { set_as_default: setAsDefault }),
    });
  const remove = (token: string | undefined, methodId: string) =>
    t.call('POST', '/api/org/remove_payment_method', token, { method_id: methodId });
  const methodsOf = async (token: string) => {
    const response = await t.call('GET', '/api/org/list_available_methods', token);
    expect(response.statusCode).toBe(200);
    return response.json<PaymentMethodsResponse>();
  };

  /** Signed out 401; a group admin and a member 403 (only org admins acting as org manage billing). */
  async function expectOrgAdminsOnly(method: 'GET' | 'PUT' | 'POST', url: string, body?: object) {
    const signedOut = await t.call(method, url, undefined, body);
    expect(signedOut.statusCode).toBe(401);
    for (const token of [orgA.tokens.lead, orgA.tokens.member]) {
      const refused = await t.call(method, url, token, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: expect.any(String) });
    }
  }

  describe('GET /api/org/details', () => {
    it('answers 401 signed out, 403 to group admins and members', async () => {
      await expectOrgAdminsOnly('GET', '/api/org/details');
    });

    it("answers the caller's organisation's billing details", async () => {
      await t.db
        .update(organisations)
        .set({
          billingStartDate: '2026-01-31',
          previousBillingDate: '2026-02-28',
          nextBillingDate: '2026-03-31',
        })
        .where(eq(organisations.id, orgA.id));
      const response = await t.call('GET', '/api/org/details', orgA.tokens.admin);
      expect(response.statusCode).toBe(200);
      expect(response.json<OrgDetailsResponse>()).toEqual({
        id: orgA.id,
        name: 'Billing Alpha',
        unique_name: 'Billing-Alpha',
        created_at: expect.any(String),
        active: true,
        billing_start_date: '2026-01-31',
        previous_billing_date: '2026-02-28',
        next_billing_date: '2026-03-31',
        billing_email: null,
      });
      const other = await t.call('GET', '/api/org/details', orgB.tokens.admin);
      expect(other.json<OrgDetailsResponse>()).toMatchObject({ id: orgB.id, name: 'Billing Beta' });
    });
  });

  describe('PUT /api/org/update_org_billing_details', () => {
    const url = '/api/org/update_org_billing_details';

    it('answers 401 signed out, 403 to group admins and members', async () => {
      await expectOrgAdminsOnly('PUT', url, { billing_email: 'x@example.test' });
    });

    it('refuses an address that is not one', async () => {
      const response = await t.call('PUT', url, orgA.tokens.admin, { billing_email: 'not-mail' });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(BILLING_EMAIL_INVALID_MESSAGE);
    });

    // Issue 27: the address pattern ran after the length check had failed, and backtracked: a
    // 1 MB body of dots held the process for most of an hour.
    it('answers a 1 MB hostile address at once', async () => {
      const billing_email = `a@${'.a'.repeat(499_000)}@`;
      // The same path once with an address just too long: the bound measures the input alone.
      await t.call('PUT', url, orgA.tokens.admin, { billing_email: `${'a'.repeat(45)}@b.example` });
      const { result: response, cpuMs } = await withCpuTime(() =>
        t.call('PUT', url, orgA.tokens.admin, { billing_email }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'billing_email: Email must be at most 50 characters',
      });
      expect(cpuMs).toBeLessThan(100);
    });

    it('sets the billing email of the caller’s organisation only', async () => {
      const response = await t.call('PUT', url, orgA.tokens.admin, {
        billing_email: ' Accounts@Alpha.Example ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: BILLING_UPDATED_MESSAGE });
      const details = await t.call('GET', '/api/org/details', orgA.tokens.admin);
      expect(details.json()).toMatchObject({ billing_email: 'accounts@alpha.example' });
      const other = await t.call('GET', '/api/org/details', orgB.tokens.admin);
      expect(other.json()).toMatchObject({ billing_email: null });
    });
  });

  describe('GET /api/org/billing_provider', () => {
    it('answers 401 signed out, 403 to group admins and members', async () => {
      await expectOrgAdminsOnly('GET', '/api/org/billing_provider');
    });

    it('is the local test mode without Stripe keys', async () => {
      const response = await t.call('GET', '/api/org/billing_provider', orgA.tokens.admin);
      expect(response.json()).toEqual({ provider: 'local' });
    });
  });

  describe('saved cards', () => {
    it('answer 401 signed out, 403 to group admins and members', async () => {
      const id = await newMethod(orgA.tokens.admin);
      await expectOrgAdminsOnly('GET', '/api/org/list_available_methods');
      await expectOrgAdminsOnly('POST', '/api/org/attach_billing_method', { method_id: id });
      await expectOrgAdminsOnly('POST', '/api/org/remove_payment_method', { method_id: id });
      expect(await methodsOf(orgA.tokens.admin)).toEqual({ methods: [], current_method_id: null });
    });

    it('answer 404 for another organisation’s card, saved or not, and for an unknown one', async () => {
      const unsaved = await newMethod(orgB.tokens.admin);
      const saved = await newMethod(orgB.tokens.admin, '5555555555554444');
      expect((await attach(orgB.tokens.admin, saved)).statusCode).toBe(200);
      const unknown = `pm_local_${randomUUID().replace(/-/g, '')}`;
      for (const id of [unsaved, saved, unknown]) {
        for (const response of [
          await attach(orgA.tokens.admin, id),
          await attach(orgA.tokens.admin, id, true),
          await remove(orgA.tokens.admin, id),
        ]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: PAYMENT_METHOD_NOT_FOUND_MESSAGE });
        }
      }
      expect(await methodsOf(orgA.tokens.admin)).toEqual({ methods: [], current_method_id: null });
      expect((await methodsOf(orgB.tokens.admin)).methods.map((method) => method.id)).toEqual([
        saved,
      ]);
    });

    it('make no customer for a card the provider does not know', async () => {
      const fresh = await buildOrg(t, { people: { admin: { orgAdmin: true } }, signIn: ['admin'] });
      const unknown = await attach(fresh.tokens.admin, `pm_local_${'0'.repeat(32)}`);
      expect(unknown.statusCode).toBe(404);
      const [org] = await t.db
        .select({ customer: organisations.billingCustomerId })
        .from(organisations)
        .where(eq(organisations.id, fresh.id));
      expect(org).toEqual({ customer: null });
    });

    it('answer 400 for an id that is not a payment method’s', async () => {
      const response = await attach(orgA.tokens.admin, 'card_123');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('method_id');
    });

    it('answer 402 for a declined card and save nothing', async () => {
      const declined = await newMethod(orgA.tokens.admin, '4000000000000002');
      const response = await attach(orgA.tokens.admin, declined);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ message: CARD_DECLINED_MESSAGE });
      expect((await methodsOf(orgA.tokens.admin)).methods).toEqual([]);
    });

    it('save the first card as the default, then list the default first and the newest next', async () => {
      const admin = orgA.tokens.admin;
      const first = await newMethod(admin, '4242424242424242');
      const added = await attach(admin, first);
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({ message: CARD_ADDED_MESSAGE });
      const second = await newMethod(admin, '5555555555554444');
      expect((await attach(admin, second, false)).json()).toEqual({ message: CARD_ADDED_MESSAGE });
      const third = await newMethod(admin, '378282246310005');
      expect((await attach(admin, third)).statusCode).toBe(200);

      expect(await methodsOf(admin)).toEqual({
        methods: [
          { id: first, card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2031 } },
          { id: third, card: { brand: 'amex', last4: '0005', exp_month: 11, exp_year: 2031 } },
          {
            id: second,
            card: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2031 },
          },
        ],
        current_method_id: first,
      });

      // A saved card sent again without set_as_default, or with false when it is not the
      // default, changes nothing.
      for (const [id, flag] of [
        [first, undefined],
        [second, undefined],
        [second, false],
      ] as const) {
        expect((await attach(admin, id, flag)).json()).toEqual({ message: CARD_ADDED_MESSAGE });
        expect((await methodsOf(admin)).current_method_id).toBe(first);
      }

      // Another default, a default cleared (SPEC §4: toggling the current default clears it).
      const made = await attach(admin, second, true);
      expect(made.json()).toEqual({ message: DEFAULT_METHOD_UPDATED_MESSAGE });
      expect((await methodsOf(admin)).methods.map((method) => method.id)).toEqual([
        second,
        third,
        first,
      ]);
      const cleared = await attach(admin, second, false);
      expect(cleared.json()).toEqual({ message: DEFAULT_METHOD_CLEARED_MESSAGE });
      expect((await methodsOf(admin)).current_method_id).toBeNull();
      const rows = await t.db
        .select({ id: paymentMethods.providerMethodId, isDefault: paymentMethods.isDefault })
        .from(paymentMethods)
        .where(eq(paymentMethods.orgId, orgA.id));
      expect(rows.every((row) => !row.isDefault)).toBe(true);

      // A new card saved as the default takes over; removing the default leaves none.
      const fourth = await newMethod(admin, '6011111111111117');
      expect((await attach(admin, fourth, true)).statusCode).toBe(200);
      expect((await methodsOf(admin)).current_method_id).toBe(fourth);
      const removed = await remove(admin, fourth);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: PAYMENT_METHOD_REMOVED_MESSAGE });
      expect(await methodsOf(admin)).toMatchObject({ current_method_id: null });
      expect((await methodsOf(admin)).methods.map((method) => method.id)).toEqual([
        third,
        second,
        first,
      ]);
      // Detached at the provider too: it cannot be saved again.
      expect((await attach(admin, fourth)).statusCode).toBe(404);
      const [org] = await t.db
        .select({ defaultMethod: organisations.defaultPaymentMethodId })
        .from(organisations)
        .where(eq(organisations.id, orgA.id));
      expect(org?.defaultMethod).toBeNull();

      const actions = await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.orgId, orgA.id));
      expect(actions.map((row) => row.action)).toEqual(
        expect.arrayContaining([
          'billing.attach-method',
          'billing.set-default-method',
          'billing.clear-default-method',
          'billing.remove-method',
        ]),
      );
    });
  });

  describe('invoices', () => {
    const invoice = (
      orgId: string,
      number: string | null,
      periodStart: string,
      status: InvoiceStatus,
      amountDueCents: number,
    ) => ({
      orgId,
      number,
      provider: 'local',
      providerInvoiceId: number ? `in_local_${randomUUID()}` : null,
      seats: amountDueCents / 500,
      unitAmountCents: 500,
      amountDueCents,
      invoiceStatus: status,
      paymentStatus: status === 'paid' ? ('paid' as const) : ('unpaid' as const),
      billingEmail: 'accounts@example.test',
      billingPeriodStart: periodStart,
      billingPeriodEnd: '2099-01-01',
      dueDate: '2099-01-08',
      paidAt: status === 'paid' ? new Date('2026-02-02T00:00:00Z') : null,
    });

    beforeAll(async () => {
      await t.db
        .insert(invoices)
        .values([
          invoice(orgA.id, 'ALPHA-0001', '2025-11-01', 'paid', 1500),
          invoice(orgA.id, 'ALPHA-0002', '2025-12-01', 'failed', 2500),
          invoice(orgA.id, 'ALPHA-0003', '2026-01-01', 'invoice sent', 1000),
          invoice(orgA.id, null, '2026-02-01', 'draft', 500),
          invoice(orgB.id, 'BETA-0001', '2025-12-15', 'paid', 500),
        ]);
    });

    const numbers = (body: InvoicesResponse) => body.list.map((row) => row.number);

    it('answer 401 signed out, 403 to group admins and members', async () => {
      await expectOrgAdminsOnly('GET', '/api/org/invoices/list');
    });

    it('list the organisation’s issued invoices, newest period first, drafts never', async () => {
      const response = await t.call('GET', '/api/org/invoices/list', orgA.tokens.admin);
      expect(response.statusCode).toBe(200);
      const body = response.json<InvoicesResponse>();
      expect(numbers(body)).toEqual(['ALPHA-0003', 'ALPHA-0002', 'ALPHA-0001']);
      expect(body.noOfRows).toBe(3);
      expect(body.list[2]).toEqual({
        id: expect.any(String),
        number: 'ALPHA-0001',
        seats: 3,
        unit_amount: 500,
        amount_due: 1500,
        currency: 'usd',
        invoice_status: 'paid',
        payment_status: 'paid',
        invoice_url: null,
        hosted_invoice_pdf: null,
        billing_email: 'accounts@example.test',
        billing_period_start: '2025-11-01',
        billing_period_end: '2099-01-01',
        due_date: '2099-01-08',
        paid_at: '2026-02-02T00:00:00.000Z',
        created_at: expect.any(String),
        org_name: 'Billing Alpha',
        org_id: orgA.id,
      });
    });

    it('search, sort and page', async () => {
      const get = async (query: string) =>
        (
          await t.call('GET', `/api/org/invoices/list?${query}`, orgA.tokens.admin)
        ).json<InvoicesResponse>();
      expect(numbers(await get('search=failed'))).toEqual(['ALPHA-0002']);
      expect(numbers(await get('search=alpha-0001'))).toEqual(['ALPHA-0001']);
      // The app admin's search by organisation name is not an org admin's.
      expect(numbers(await get('search=Beta'))).toEqual([]);
      expect(numbers(await get('sort=amount_due&order=desc'))).toEqual([
        'ALPHA-0002',
        'ALPHA-0001',
        'ALPHA-0003',
      ]);
      const page = await get('limit=1&offset=1');
      expect({ numbers: numbers(page), total: page.noOfRows }).toEqual({
        numbers: ['ALPHA-0002'],
        total: 3,
      });
    });

    it('answer the app admin every organisation’s invoices, an org admin 403', async () => {
      expect((await t.call('GET', '/api/admin/invoices')).statusCode).toBe(401);
      for (const token of [orgA.tokens.admin, orgA.tokens.lead, orgA.tokens.member]) {
        expect((await t.call('GET', '/api/admin/invoices', token)).statusCode).toBe(403);
      }
      const all = await t.call('GET', '/api/admin/invoices?limit=100', appAdmin);
      expect(all.statusCode).toBe(200);
      const body = all.json<InvoicesResponse>();
      const ours = body.list.filter((row) => [orgA.id, orgB.id].includes(row.org_id));
      expect(ours.map((row) => [row.number, row.org_name])).toEqual([
        ['ALPHA-0003', 'Billing Alpha'],
        ['BETA-0001', 'Billing Beta'],
        ['ALPHA-0002', 'Billing Alpha'],
        ['ALPHA-0001', 'Billing Alpha'],
      ]);
      const beta = await t.call('GET', '/api/admin/invoices?search=billing%20beta', appAdmin);
      expect(numbers(beta.json<InvoicesResponse>())).toEqual(['BETA-0001']);
      const byOrg = await t.call(
        'GET',
        '/api/admin/invoices?sort=org_name&order=desc&search=billing',
        appAdmin,
      );
      expect(numbers(byOrg.json<InvoicesResponse>())[0]).toBe('BETA-0001');
    });
  });
});

describe('billing routes with Stripe configured', () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' },
    });
    const org = await buildOrg(t, { people: { admin: { orgAdmin: true } }, signIn: ['admin'] });
    admin = org.tokens.admin;
  });
  afterAll(() => t.close());

  it('tell the page to load Stripe.js with the publishable key, and take no typed card', async () => {
    const response = await t.call('GET', '/api/org/billing_provider', admin);
    expect(response.json()).toEqual({ provider: 'stripe', publishable_key: 'pk_test_123' });
    const local = await t.call('POST', '/api/billing/local/payment_methods', admin, {
      ...CARD,
      number: '4242424242424242',
    });
    // Not the unknown invoice's 404: test mode's routes are closed.
    expect({ status: local.statusCode, body: local.json() }).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
  });
});

describe('billing routes against Stripe (the stand-in)', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  /** Stripe.js in the browser: makes payment methods from test tokens. */
  let browser: Stripe;
  /** Stripe's dashboard: the objects as Stripe holds them. */
  let dashboard: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp({
      env: {
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
        STRIPE_API_URL: standIn.url,
      },
    });
    ({ browser, dashboard } = standIn);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const newOrg = () =>
    buildOrg(t, { people: { admin: { orgAdmin: true } }, signIn: ['admin'] }).then((org) => ({
      id: org.id,
      admin: org.tokens.admin,
    }));
  const card = async (token: string) =>
    (await browser.paymentMethods.create({ type: 'card', card: { token } })).id;
  const attach = (token: string, methodId: string, setAsDefault?: boolean) =>
    t.call('POST', '/api/org/attach_billing_method', token, {
      method_id: methodId,
      ...(setAsDefault === undefined ? {} : { set_as_default: setAsDefault }),
    });
  const customerOf = async (orgId: string) => {
    const org = (await findBillingOrg(t.db, { orgId }))!;
    return { id: org.billingCustomerId, provider: org.billingCustomerProvider };
  };
  const atStripe = async (customerId: string) =>
    (await dashboard.customers.retrieve(customerId)) as Stripe.Customer;
  const methodsOf = async (token: string) =>
    (await t.call('GET', '/api/org/list_available_methods', token)).json<PaymentMethodsResponse>();

  it('save cards at Stripe: the first the default, another made the default, cleared, removed', async () => {
    const org = await newOrg();
    expect(await customerOf(org.id)).toEqual({ id: null, provider: null });

    const visa = await card('tok_visa');
    expect((await attach(org.admin, visa)).json()).toEqual({ message: CARD_ADDED_MESSAGE });
    const customer = await customerOf(org.id);
    expect(customer).toEqual({ id: expect.stringMatching(/^cus_/), provider: 'stripe' });
    expect(await atStripe(customer.id!)).toMatchObject({
      metadata: { org_id: org.id },
      invoice_settings: { default_payment_method: visa },
    });

    const mastercard = await card('tok_mastercard');
    expect((await attach(org.admin, mastercard, true)).json()).toEqual({
      message: CARD_ADDED_MESSAGE,
    });
    expect(await methodsOf(org.admin)).toMatchObject({
      methods: [{ id: mastercard }, { id: visa }],
      current_method_id: mastercard,
    });
    expect((await atStripe(customer.id!)).invoice_settings.default_payment_method).toBe(mastercard);

    expect((await attach(org.admin, mastercard, false)).json()).toEqual({
      message: DEFAULT_METHOD_CLEARED_MESSAGE,
    });
    expect((await methodsOf(org.admin)).current_method_id).toBeNull();
    expect((await atStripe(customer.id!)).invoice_settings.default_payment_method).toBeNull();
    expect((await attach(org.admin, visa, true)).json()).toEqual({
      message: DEFAULT_METHOD_UPDATED_MESSAGE,
    });
    expect((await atStripe(customer.id!)).invoice_settings.default_payment_method).toBe(visa);

    const removed = await t.call('POST', '/api/org/remove_payment_method', org.admin, {
      method_id: visa,
    });
    expect(removed.json()).toEqual({ message: PAYMENT_METHOD_REMOVED_MESSAGE });
    expect((await dashboard.paymentMethods.retrieve(visa)).customer).toBeNull();
    expect(await methodsOf(org.admin)).toEqual({
      methods: [expect.objectContaining({ id: mastercard })],
      current_method_id: null,
    });
    // One customer throughout.
    expect(await customerOf(org.id)).toEqual(customer);
  });

  it('answer 402 for a card Stripe declines, saving nothing', async () => {
    const org = await newOrg();
    const response = await attach(org.admin, await card('tok_chargeDeclined'));
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 402,
      body: { message: CARD_DECLINED_MESSAGE },
    });
    expect((await methodsOf(org.admin)).methods).toEqual([]);
  });

  it('answer 404 for a card Stripe does not know, making no customer, and for another organisation’s', async () => {
    const org = await newOrg();
    const unknown = await attach(org.admin, 'pm_unknown0000000000000');
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { message: PAYMENT_METHOD_NOT_FOUND_MESSAGE },
    });
    expect(await customerOf(org.id)).toEqual({ id: null, provider: null });

    const other = await newOrg();
    const theirs = await card('tok_visa');
    expect((await attach(other.admin, theirs)).statusCode).toBe(200);
    expect((await attach(org.admin, await card('tok_amex'))).statusCode).toBe(200);
    const taken = await attach(org.admin, theirs, true);
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({
      status: 404,
      body: { message: PAYMENT_METHOD_NOT_FOUND_MESSAGE },
    });
    expect((await methodsOf(other.admin)).current_method_id).toBe(theirs);
  });

  it('make a Stripe customer for an organisation whose customer is test mode’s', async () => {
    const org = await newOrg();
    const testMode = { id: `cus_local_${org.id}`, provider: 'local' };
    await t.db
      .update(organisations)
      .set({ billingCustomerId: testMode.id, billingCustomerProvider: testMode.provider })
      .where(eq(organisations.id, org.id));
    expect((await attach(org.admin, await card('tok_visa'))).statusCode).toBe(200);
    expect(await customerOf(org.id)).toEqual({
      id: expect.stringMatching(/^cus_(?!local)/),
      provider: 'stripe',
    });
  });

  it('give the Stripe customer the new billing email', async () => {
    const org = await newOrg();
    expect((await attach(org.admin, await card('tok_visa'))).statusCode).toBe(200);
    const response = await t.call('PUT', '/api/org/update_org_billing_details', org.admin, {
      billing_email: 'Invoices@Stripe-Org.Example',
    });
    expect(response.json()).toEqual({ message: BILLING_UPDATED_MESSAGE });
    const customer = await customerOf(org.id);
    expect((await atStripe(customer.id!)).email).toBe('invoices@stripe-org.example');
  });
});

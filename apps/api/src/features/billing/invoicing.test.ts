import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPaymentMethodResponse } from '@resonant/contracts/billing';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { invoices } from '../../db/schema/billing.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { JobWorker } from '../../jobs/job-worker.ts';
import { addMonths } from '../../lib/billing-period.ts';
import { localBillingProvider } from '../../lib/billing/local-provider.ts';
import { BILLING_INVOICE_JOB, sweepDueOrganisations } from './billing-jobs.ts';
import { BILLING_MAIL_JOB } from './invoice-mail.ts';
import {
  draftDueInvoices,
  invoiceNumber,
  invoiceOrganisation,
  NO_SAVED_CARD_ERROR,
  type Invoicing,
} from './invoicing.ts';

const PUBLIC_URL = 'https://billing.example.test';
const SEAT_PRICE_CENTS = 700;
const CARD = {
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  address: { name: 'Ada', line1: '1 Main St', city: 'Town', postal_code: '12345', country: 'US' },
};
const SUCCEEDS = '4242 4242 4242 4242';
const CHARGE_DECLINED = '4000 0000 0000 0341';

// Every test moves this clock: the app's (payer changes, the worker) and the provider's.
let now = new Date('2026-01-10T12:00:00Z');
const at = (instant: string) => {
  now = new Date(instant);
  return now;
};

describe('invoicing', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let invoicing: Invoicing;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        SEAT_PRICE_CENTS: String(SEAT_PRICE_CENTS),
        JOB_POLL_MS: '25',
        // The clock jumps months back and forth; sessions outlive it.
        SESSION_TTL_MINUTES: String(10 * 366 * 24 * 60),
      },
      clock: () => now,
    });
    const billing = localBillingProvider({ db: t.db, publicUrl: PUBLIC_URL, clock: () => now });
    invoicing = { db: t.db, billing, seatPriceCents: SEAT_PRICE_CENTS };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** An organisation billed from `billingStart`, its current period the first. */
  async function billedOrg<const People extends string>(
    billingStart: string,
    people: readonly People[],
    options: { billingEmail?: string; timeZone?: string } = {},
  ) {
    const org = await buildOrg(t, {
      timeZone: options.timeZone,
      people: {
        admin: { orgAdmin: true, email: `admin-${randomUUID().slice(0, 8)}@example.test` },
        ...(Object.fromEntries(people.map((person) => [person, {}])) as Record<People, object>),
      },
      signIn: ['admin'],
    });
    const [first] = await t.db
      .update(organisations)
      .set({
        billingStartDate: billingStart,
        previousBillingDate: billingStart,
        billingEmail: options.billingEmail ?? null,
        nextBillingDate: addMonths(billingStart, 1),
      })
      .where(eq(organisations.id, org.id))
      .returning({ next: organisations.nextBillingDate });
    return { ...org, firstBillingDate: first!.next };
  }

  /** A reading of the member at `instant`, stored through ingestion (its active day included). */
  async function readingAt(orgId: string, accountId: string, instant: string) {
    await recordReading(
      t.db,
      { orgId, accountId },
      { clientId: randomUUID(), takenAt: instant, kind: 'morning', rr: syntheticRr(300) },
      new Date(instant),
    );
  }

  const changePayer = async (token: string, userId: string, instant: string) => {
    at(instant);
    const response = await t.call('PUT', '/api/org/users/change_payer', token, { user_id: userId });
    expect(response.json()).toMatchObject({ success: true });
  };

  /** Saves a test card through the routes, as the settings page does. */
  async function addCard(token: string, number: string, setAsDefault = false) {
    const made = await t.call('POST', '/api/billing/local/payment_methods', token, {
      ...CARD,
      number,
    });
    expect(made.statusCode).toBe(200);
    const { id } = made.json<LocalPaymentMethodResponse>();
    const attached = await t.call('POST', '/api/org/attach_billing_method', token, {
      method_id: id,
      set_as_default: setAsDefault,
    });
    expect(attached.statusCode).toBe(200);
    return id;
  }

  const invoicesOf = (orgId: string) =>
    t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orgId, orgId))
      .orderBy(asc(invoices.billingPeriodStart));

  const cursorOf = async (orgId: string) =>
    (
      await t.db
        .select({
          previous: organisations.previousBillingDate,
          next: organisations.nextBillingDate,
        })
        .from(organisations)
        .where(eq(organisations.id, orgId))
    )[0];

  const mailJobsOf = (orgId: string) =>
    t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, BILLING_MAIL_JOB)));

  it('counts the members the organisation paid for on a day they were active', async () => {
    const org = await billedOrg('2026-01-15', [
      'ada',
      'ben',
      'cleo',
      'eve',
      'dan',
      'fay',
      'liv',
      'rex',
      'idle',
    ]);
    const { ids } = org;
    await t.db
      .update(orgMemberships)
      .set({ payer: 'user' })
      .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, ids.ben)));
    await t.db
      .update(orgMemberships)
      .set({ lifetime: true })
      .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, ids.liv)));
    const admin = org.tokens.admin;

    // Ada: the org pays, active. Ben pays himself. Liv is a lifetime member. Idle never records.
    await readingAt(org.id, ids.ada, '2026-01-16T07:00:00Z');
    await readingAt(org.id, ids.ben, '2026-01-16T07:00:00Z');
    await readingAt(org.id, ids.liv, '2026-01-16T07:00:00Z');
    // Cleo moves to paying herself mid-period, after a day the org paid for: a seat.
    await readingAt(org.id, ids.cleo, '2026-01-20T07:00:00Z');
    await changePayer(admin, ids.cleo, '2026-01-25T09:00:00Z');
    await readingAt(org.id, ids.cleo, '2026-02-01T07:00:00Z');
    // Eve moves before her only active day: not a seat.
    await changePayer(admin, ids.eve, '2026-01-18T09:00:00Z');
    await readingAt(org.id, ids.eve, '2026-01-20T07:00:00Z');
    // Dan and Fay start paying themselves, then the org takes over on the 25th: Dan was active
    // only before (not a seat), Fay after (a seat).
    await changePayer(admin, ids.dan, '2026-01-16T09:00:00Z');
    await changePayer(admin, ids.fay, '2026-01-16T09:00:00Z');
    await readingAt(org.id, ids.dan, '2026-01-20T07:00:00Z');
    await changePayer(admin, ids.dan, '2026-01-25T09:00:00Z');
    await changePayer(admin, ids.fay, '2026-01-25T09:00:00Z');
    await readingAt(org.id, ids.fay, '2026-02-10T07:00:00Z');
    // Rex was active, then removed: still billed for the days he was a member.
    await readingAt(org.id, ids.rex, '2026-01-21T07:00:00Z');
    at('2026-01-28T09:00:00Z');
    expect((await t.call('DELETE', `/api/org/users?userId=${ids.rex}`, admin)).statusCode).toBe(
      200,
    );
    // A reading on the billing day belongs to the next period.
    await readingAt(org.id, ids.idle, '2026-02-15T07:00:00Z');

    // The users page shows the same count for the period so far.
    at('2026-02-14T12:00:00Z');
    const stats = await t.call('GET', '/api/org/users_stats', admin);
    expect(stats.json()).toMatchObject({
      seats: 4,
      billing_from: '2026-01-15',
      billing_to: '2026-02-15',
    });

    await invoiceOrganisation(invoicing, org.id, at('2026-02-15T06:00:00Z'));
    const [invoice, ...more] = await invoicesOf(org.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      seats: 4,
      unitAmountCents: SEAT_PRICE_CENTS,
      amountDueCents: 4 * SEAT_PRICE_CENTS,
      billingPeriodStart: '2026-01-15',
      billingPeriodEnd: '2026-02-15',
      dueDate: '2026-02-22',
      number: invoiceNumber(org.id, 1),
      createdAt: new Date('2026-02-15T06:00:00Z'),
    });
    expect(invoice!.number).toMatch(/^[0-9A-F]{8}-0001$/);
    expect(await cursorOf(org.id)).toEqual({ previous: '2026-02-15', next: '2026-03-15' });
  });

  it('charges the default card, then falls back to the other saved cards', async () => {
    const org = await billedOrg('2026-03-01', ['ada', 'ben']);
    await readingAt(org.id, org.ids.ada, '2026-03-05T07:00:00Z');
    await readingAt(org.id, org.ids.ben, '2026-03-06T07:00:00Z');
    at('2026-03-02T10:00:00Z');
    // 4242 is saved first (default automatically), then 0341, made the default: every charge of
    // 0341 is declined, so the older 4242 pays.
    await addCard(org.tokens.admin, SUCCEEDS);
    const declining = await addCard(org.tokens.admin, CHARGE_DECLINED, true);
    const methods = await t.call('GET', '/api/org/list_available_methods', org.tokens.admin);
    expect(methods.json()).toMatchObject({ current_method_id: declining });

    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T00:30:00Z'));
    expect(await invoicesOf(org.id)).toMatchObject([
      {
        seats: 2,
        amountDueCents: 2 * SEAT_PRICE_CENTS,
        invoiceStatus: 'paid',
        paymentStatus: 'paid',
        paidAt: new Date('2026-04-01T00:30:00Z'),
        lastPaymentError: null,
        invoiceUrl: expect.stringMatching(`^${PUBLIC_URL}/billing/invoice/in_local_`),
        hostedInvoicePdf: expect.stringMatching(`^${PUBLIC_URL}/api/billing/local/invoices/`),
      },
    ]);
    expect(await mailJobsOf(org.id)).toEqual([]);
  });

  it('marks the invoice failed when every card declines and mails the billing email its pay link', async () => {
    const billingEmail = `billing-${randomUUID().slice(0, 8)}@example.test`;
    const org = await billedOrg('2026-03-01', ['ada'], { billingEmail });
    await readingAt(org.id, org.ids.ada, '2026-03-05T07:00:00Z');
    at('2026-03-02T10:00:00Z');
    await addCard(org.tokens.admin, CHARGE_DECLINED);

    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T00:30:00Z'));
    const [invoice] = await invoicesOf(org.id);
    expect(invoice).toMatchObject({
      invoiceStatus: 'failed',
      paymentStatus: 'failed',
      paidAt: null,
      lastPaymentError: 'Your card was declined.',
      billingEmail,
    });
    const mail = await smtp.waitForMail(billingEmail);
    expect(mail.subject).toBe(`Payment failed: invoice ${invoice!.number} of ${org.name}`);
    expect(mail.text).toContain(`Pay invoice: ${invoice!.invoiceUrl}`);
    expect(mail.text).toContain('Mar 1, 2026 – Apr 1, 2026 is $7.00: 1 seat at $7.00');
    expect(mail.html).toContain(`href="${invoice!.invoiceUrl}"`);
  });

  it('leaves the invoice sent and mails it to the org admins when no card is saved', async () => {
    const org = await billedOrg('2026-03-01', ['ada']);
    await readingAt(org.id, org.ids.ada, '2026-03-05T07:00:00Z');

    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T00:30:00Z'));
    const [invoice] = await invoicesOf(org.id);
    expect(invoice).toMatchObject({
      invoiceStatus: 'invoice sent',
      paymentStatus: 'unpaid',
      lastPaymentError: NO_SAVED_CARD_ERROR,
      billingEmail: null,
    });
    const mail = await smtp.waitForMail(org.people.admin.email);
    expect(mail.subject).toBe(`Invoice ${invoice!.number} of ${org.name}`);
    expect(mail.text).toContain(`Pay invoice: ${invoice!.invoiceUrl}`);

    // Adding a card later does not charge it behind the org's back: the mail asked them to pay.
    await addCard(org.tokens.admin, SUCCEEDS);
    await invoiceOrganisation(invoicing, org.id, at('2026-04-02T00:30:00Z'));
    expect(await invoicesOf(org.id)).toMatchObject([{ invoiceStatus: 'invoice sent' }]);
  });

  it('makes one invoice per period however often it runs', async () => {
    const org = await billedOrg('2026-03-01', ['ada']);
    await readingAt(org.id, org.ids.ada, '2026-03-05T07:00:00Z');
    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T00:30:00Z'));
    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T00:31:00Z'));
    // Even a cursor put back (a run that stopped before moving it) finds the period invoiced.
    await t.db
      .update(organisations)
      .set({ previousBillingDate: '2026-03-01', nextBillingDate: '2026-04-01' })
      .where(eq(organisations.id, org.id));
    expect(await draftDueInvoices(invoicing, org.id, now)).toBe(0);
    await invoiceOrganisation(invoicing, org.id, now);
    expect(await invoicesOf(org.id)).toHaveLength(1);
    expect(await mailJobsOf(org.id)).toHaveLength(1);
  });

  it('catches up every period that ended while billing did not run', async () => {
    const org = await billedOrg('2025-11-30', ['ada']);
    at('2025-12-01T10:00:00Z');
    await addCard(org.tokens.admin, SUCCEEDS);
    await readingAt(org.id, org.ids.ada, '2025-12-10T07:00:00Z');
    await readingAt(org.id, org.ids.ada, '2026-01-20T07:00:00Z');
    // Nothing is due before the first billing date.
    expect(await draftDueInvoices(invoicing, org.id, at('2025-12-29T23:00:00Z'))).toBe(0);

    await invoiceOrganisation(invoicing, org.id, at('2026-03-05T08:00:00Z'));
    const made = await invoicesOf(org.id);
    expect(
      made.map((invoice) => [
        invoice.billingPeriodStart,
        invoice.billingPeriodEnd,
        invoice.seats,
        invoice.number,
        invoice.invoiceStatus,
      ]),
    ).toEqual([
      ['2025-11-30', '2025-12-30', 1, invoiceNumber(org.id, 1), 'paid'],
      ['2025-12-30', '2026-01-30', 1, invoiceNumber(org.id, 2), 'paid'],
      ['2026-01-30', '2026-02-28', 0, invoiceNumber(org.id, 3), 'paid'],
    ]);
    expect(await cursorOf(org.id)).toEqual({ previous: '2026-02-28', next: '2026-03-30' });
  });

  it('marks an invoice of no seats paid at $0.00 without charging', async () => {
    const org = await billedOrg('2026-03-01', ['ada']);
    at('2026-03-02T10:00:00Z');
    // Every charge of this card is declined: a charge would fail the invoice.
    await addCard(org.tokens.admin, CHARGE_DECLINED);
    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T00:30:00Z'));
    expect(await invoicesOf(org.id)).toMatchObject([
      {
        seats: 0,
        amountDueCents: 0,
        invoiceStatus: 'paid',
        paymentStatus: 'paid',
        paidAt: new Date('2026-04-01T00:30:00Z'),
        lastPaymentError: null,
      },
    ]);
    expect(await mailJobsOf(org.id)).toEqual([]);
  });

  it('sweeps the organisations whose billing date has come in their time zone, once each', async () => {
    // 1 May 02:00 in Auckland is still 30 April in UTC.
    const auckland = await billedOrg('2026-04-01', ['ada'], { timeZone: 'Pacific/Auckland' });
    const utc = await billedOrg('2026-04-01', ['ada']);
    at('2026-04-30T14:00:00Z');
    const worker = new JobWorker({
      db: t.db,
      clock: () => now,
      log: t.app.log,
      retryBaseMs: 10,
      pollMs: 60_000,
    });
    await sweepDueOrganisations({ db: t.db, clock: () => now, jobs: worker });
    await sweepDueOrganisations({ db: t.db, clock: () => now, jobs: worker });
    const queued = await t.db
      .select({ id: jobs.id, orgId: jobs.orgId })
      .from(jobs)
      .where(eq(jobs.kind, BILLING_INVOICE_JOB));
    const ours = queued.filter((job) => job.orgId === auckland.id || job.orgId === utc.id);
    expect(ours).toEqual([expect.objectContaining({ orgId: auckland.id })]);

    // The app's own worker runs it, with the handler app.ts registers.
    await expect
      .poll(async () => (await t.db.select().from(jobs).where(eq(jobs.id, ours[0]!.id)))[0]?.status)
      .toBe('done');
    expect(await invoicesOf(auckland.id)).toMatchObject([
      { billingPeriodStart: '2026-04-01', billingPeriodEnd: '2026-05-01', seats: 0 },
    ]);
    expect(await invoicesOf(utc.id)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPaymentMethodResponse } from '@resonant/contracts/billing';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import type { SmtpListener } from '../../../test/smtp-listener.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { invoices, paymentMethods } from '../../db/schema/billing.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { memberActiveDays } from '../../db/schema/rollups.ts';
import { JobWorker } from '../../jobs/job-worker.ts';
import { addMonths } from '../../lib/billing-period.ts';
import type { BillingProvider } from '../../lib/billing/billing-provider.ts';
import {
  createBillingProvider,
  type ConfiguredBillingProvider,
} from '../../lib/billing/create-billing-provider.ts';
import { localBillingProvider } from '../../lib/billing/local-provider.ts';
import { BILLING_INVOICE_JOB, sweepDueOrganisations } from './billing-jobs.ts';
import { BILLING_MAIL_JOB } from './invoice-mail.ts';
import { findBillingOrg } from './billing.queries.ts';
import { listDueOrgIds } from './invoicing.queries.ts';
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
    ({ t, smtp } = await buildMailingTestApp({
      env: {
        PUBLIC_URL,
        SEAT_PRICE_CENTS: String(SEAT_PRICE_CENTS),
        // The clock jumps months back and forth; sessions outlive it.
        SESSION_TTL_MINUTES: String(10 * 366 * 24 * 60),
        SESSION_ABSOLUTE_DAYS: String(10 * 366),
      },
      clock: () => now,
    }));
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

  const cursorOf = async (orgId: string) => {
    const org = (await findBillingOrg(t.db, { orgId }))!;
    return { previous: org.previousBillingDate, next: org.nextBillingDate };
  };

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
    expect(mail.text).toContain('Mar 1, 2026 – Mar 31, 2026 is $7.00: 1 seat at $7.00');
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

  it('bills each membership of a member removed and added again for its own days', async () => {
    const org = await billedOrg('2026-05-01', ['sam', 'lou', 'ora']);
    const { ids } = org;
    // Sam pays for himself; Lou is a lifetime member; the org pays for Ora.
    await t.db
      .update(orgMemberships)
      .set({ payer: 'user' })
      .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, ids.sam)));
    await t.db
      .update(orgMemberships)
      .set({ lifetime: true })
      .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, ids.lou)));
    for (const person of [ids.sam, ids.lou, ids.ora]) {
      await readingAt(org.id, person, '2026-05-03T07:00:00Z');
    }
    at('2026-05-10T09:00:00Z');
    for (const person of [ids.sam, ids.lou, ids.ora]) {
      const removed = await t.call('DELETE', `/api/org/users?userId=${person}`, org.tokens.admin);
      expect(removed.statusCode).toBe(200);
    }
    // Added again two days later, each with the other payer, and never active since: Sam's and
    // Lou's days were not the organisation's to pay, Ora's were.
    await addMember(t.db, org.id, ids.sam, { payer: 'org' });
    await addMember(t.db, org.id, ids.lou, { payer: 'org' });
    await addMember(t.db, org.id, ids.ora, { payer: 'user' });

    at('2026-05-20T12:00:00Z');
    const stats = await t.call('GET', '/api/org/users_stats', org.tokens.admin);
    expect(stats.json()).toMatchObject({ seats: 1 });
    await invoiceOrganisation(invoicing, org.id, at('2026-06-01T06:00:00Z'));
    expect(await invoicesOf(org.id)).toMatchObject([{ seats: 1 }]);
  });

  it('counts a reading at 23:30 on the period’s last day, in the organisation’s time zone', async () => {
    const org = await billedOrg('2026-03-01', ['late', 'early'], {
      timeZone: 'America/Los_Angeles',
    });
    // 23:30 on 31 March in Los Angeles is 1 April in UTC: still March's period there.
    await readingAt(org.id, org.ids.late, '2026-04-01T06:30:00Z');
    // 00:30 on 1 April there: the next period.
    await readingAt(org.id, org.ids.early, '2026-04-01T07:30:00Z');
    // 23:45 on 31 March there: not billed yet.
    expect(await draftDueInvoices(invoicing, org.id, at('2026-04-01T06:45:00Z'))).toBe(0);
    await invoiceOrganisation(invoicing, org.id, at('2026-04-01T08:00:00Z'));
    expect(await invoicesOf(org.id)).toMatchObject([
      { billingPeriodStart: '2026-03-01', billingPeriodEnd: '2026-04-01', seats: 1 },
    ]);
    expect(await cursorOf(org.id)).toEqual({ previous: '2026-04-01', next: '2026-05-01' });
  });

  it('mails nobody with notify: false', async () => {
    const org = await billedOrg('2026-03-01', ['ada']);
    await readingAt(org.id, org.ids.ada, '2026-03-05T07:00:00Z');
    await invoiceOrganisation({ ...invoicing, notify: false }, org.id, at('2026-04-01T00:30:00Z'));
    expect(await invoicesOf(org.id)).toMatchObject([
      { invoiceStatus: 'invoice sent', lastPaymentError: NO_SAVED_CARD_ERROR },
    ]);
    expect(await mailJobsOf(org.id)).toEqual([]);
  });

  it('makes one invoice, one outcome and one mail when two runs meet', async () => {
    const declining = await billedOrg('2026-03-01', ['ada'], {
      billingEmail: `meet-${randomUUID().slice(0, 8)}@example.test`,
    });
    const paying = await billedOrg('2026-03-01', ['ada']);
    at('2026-03-02T10:00:00Z');
    await addCard(declining.tokens.admin, CHARGE_DECLINED);
    await addCard(paying.tokens.admin, SUCCEEDS);
    for (const org of [declining, paying]) {
      await readingAt(org.id, org.ids.ada, '2026-03-05T07:00:00Z');
    }
    at('2026-04-01T00:30:00Z');
    await Promise.all([
      invoiceOrganisation(invoicing, declining.id, now),
      invoiceOrganisation(invoicing, declining.id, now),
      invoiceOrganisation(invoicing, paying.id, now),
      invoiceOrganisation(invoicing, paying.id, now),
    ]);
    expect(await invoicesOf(declining.id)).toMatchObject([
      { invoiceStatus: 'failed', number: invoiceNumber(declining.id, 1) },
    ]);
    expect(await mailJobsOf(declining.id)).toHaveLength(1);
    expect(await invoicesOf(paying.id)).toMatchObject([{ invoiceStatus: 'paid' }]);
    expect(await mailJobsOf(paying.id)).toEqual([]);
  });

  it('queues the organisations with a draft or a charge still to finish, not a finished one', async () => {
    const drafted = await billedOrg('2026-03-01', ['ada']);
    const charging = await billedOrg('2026-03-01', ['ada']);
    const finished = await billedOrg('2026-03-01', ['ada']);
    await readingAt(charging.id, charging.ids.ada, '2026-03-05T07:00:00Z');
    at('2026-04-01T00:30:00Z');
    // A run that stopped after drafting, one that stopped after issuing, and a whole one.
    await draftDueInvoices(invoicing, drafted.id, now);
    await invoiceOrganisation(invoicing, charging.id, now);
    await t.db
      .update(invoices)
      .set({ invoiceStatus: 'invoice sent', paymentStatus: 'unpaid', chargeAttemptedAt: null })
      .where(eq(invoices.orgId, charging.id));
    await invoiceOrganisation(invoicing, finished.id, now);
    // The next billing date is a month away: only unfinished work brings them back.
    const due = await listDueOrgIds(t.db, at('2026-04-02T12:00:00Z'), 'local');
    expect(due).toEqual(expect.arrayContaining([drafted.id, charging.id]));
    expect(due).not.toContain(finished.id);
    // Another provider's unfinished charges are not this one's to finish.
    expect(await listDueOrgIds(t.db, now, 'stripe')).not.toContain(charging.id);
  });

  it('keeps demo organisations out of a Stripe sweep', async () => {
    const org = await billedOrg('2026-03-01', ['ada']);
    await t.db.update(organisations).set({ isDemo: true }).where(eq(organisations.id, org.id));
    const when = at('2026-04-02T12:00:00Z');
    expect(await listDueOrgIds(t.db, when, 'local')).toContain(org.id);
    expect(await listDueOrgIds(t.db, when, 'stripe')).not.toContain(org.id);
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
    await sweepDueOrganisations({
      db: t.db,
      clock: () => now,
      jobs: worker,
      billing: invoicing.billing,
    });
    await sweepDueOrganisations({
      db: t.db,
      clock: () => now,
      jobs: worker,
      billing: invoicing.billing,
    });
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

describe('invoicing with Stripe (the stand-in)', () => {
  let standIn: StripeStandIn;
  let smtp: SmtpListener;
  let t: TestApp;
  let webhookUrl = '';
  let stripe: ConfiguredBillingProvider;
  let invoicing: Invoicing;
  /** Stripe.js in the browser: makes payment methods from test tokens. */
  let browser: Stripe;
  /** Stripe's dashboard: the objects as Stripe holds them. */
  let dashboard: Stripe;
  // The app runs on the real clock (webhooks are signed now); invoicing is told the time.
  const BILLED_AT = new Date('2026-02-01T12:00:00Z');

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ({ t, smtp } = await buildMailingTestApp({
      env: {
        SEAT_PRICE_CENTS: String(SEAT_PRICE_CENTS),
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
        STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
        STRIPE_API_URL: standIn.url,
      },
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    webhookUrl = `http://127.0.0.1:${port}/api/billing/webhooks/stripe`;
    stripe = createBillingProvider(t.config, t.db, () => new Date());
    invoicing = { db: t.db, billing: stripe, seatPriceCents: SEAT_PRICE_CENTS };
    ({ browser, dashboard } = standIn);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await standIn.close();
  });

  /** An organisation billed from 1 January 2026 with one member active in it, and its cards. */
  async function stripeOrg(tokens: string[], billingEmail: string | null = null) {
    const org = await buildOrg(t, {
      people: {
        admin: { orgAdmin: true, email: `admin-${randomUUID().slice(0, 8)}@example.test` },
        ada: {},
      },
      signIn: ['admin'],
    });
    await t.db
      .update(organisations)
      .set({
        billingStartDate: '2026-01-01',
        previousBillingDate: '2026-01-01',
        nextBillingDate: '2026-02-01',
        billingEmail,
      })
      .where(eq(organisations.id, org.id));
    await t.db
      .insert(memberActiveDays)
      .values({ orgId: org.id, accountId: org.ids.ada, day: '2026-01-10' });
    const cards: string[] = [];
    // Saved as the settings page saves them: the first is the default.
    for (const token of tokens) {
      const { id } = await browser.paymentMethods.create({ type: 'card', card: { token } });
      const saved = await t.call('POST', '/api/org/attach_billing_method', org.tokens.admin, {
        method_id: id,
      });
      expect(saved.statusCode).toBe(200);
      cards.push(id);
    }
    return { id: org.id, cards };
  }

  const invoiceOf = async (orgId: string) => {
    const rows = await t.db.select().from(invoices).where(eq(invoices.orgId, orgId));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const atStripe = (invoice: { providerInvoiceId: string | null }) =>
    dashboard.invoices.retrieve(invoice.providerInvoiceId!);
  const mailJobsOf = (orgId: string) =>
    t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, BILLING_MAIL_JOB)));
  const savedCardsOf = async (orgId: string) =>
    (
      await t.db
        .select({ id: paymentMethods.providerMethodId })
        .from(paymentMethods)
        .where(eq(paymentMethods.orgId, orgId))
    ).map((row) => row.id);

  it('issues the invoice at Stripe and charges the default card, then the next', async () => {
    const org = await stripeOrg(['tok_chargeCustomerFail', 'tok_visa']);
    await invoiceOrganisation(invoicing, org.id, BILLED_AT);
    const invoice = await invoiceOf(org.id);
    expect(invoice).toMatchObject({
      provider: 'stripe',
      providerInvoiceId: expect.stringMatching(/^in_/),
      number: expect.stringMatching(/^[0-9A-F]{8}-0001$/),
      seats: 1,
      amountDueCents: SEAT_PRICE_CENTS,
      invoiceStatus: 'paid',
      paymentStatus: 'paid',
      lastPaymentError: null,
      invoiceUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
      chargeAttemptedAt: BILLED_AT,
    });
    expect(await atStripe(invoice)).toMatchObject({
      status: 'paid',
      amount_paid: SEAT_PRICE_CENTS,
      attempt_count: 2,
      metadata: { org_id: org.id, invoice_id: invoice.id },
    });
    expect(await mailJobsOf(org.id)).toEqual([]);
  });

  it('records a failure and mails it once when Stripe’s webhook lands between the declines', async () => {
    const billingEmail = `race-${randomUUID().slice(0, 8)}@example.test`;
    const org = await stripeOrg(['tok_chargeCustomerFail', 'tok_chargeCustomerFail'], billingEmail);
    const delivered: string[] = [];
    // Stripe sends invoice.payment_failed as each charge is declined; here it arrives (and is
    // applied: `failed`) before the loop tries the next card.
    const racing: BillingProvider = {
      ...stripe,
      async chargeInvoice(providerInvoiceId, methodId) {
        const charged = await stripe.chargeInvoice(providerInvoiceId, methodId);
        const event = standIn.eventsAbout(providerInvoiceId, 'invoice.payment_failed').at(-1)!;
        const answer = await standIn.sendWebhook(webhookUrl, event);
        expect(answer.status).toBe(200);
        delivered.push(event.id);
        const [row] = await t.db
          .select({ status: invoices.invoiceStatus })
          .from(invoices)
          .where(eq(invoices.providerInvoiceId, providerInvoiceId));
        expect(row).toEqual({ status: 'failed' });
        return charged;
      },
    };
    await invoiceOrganisation({ ...invoicing, billing: racing }, org.id, BILLED_AT);
    expect(delivered).toHaveLength(2);
    expect(await invoiceOf(org.id)).toMatchObject({
      invoiceStatus: 'failed',
      paymentStatus: 'failed',
      lastPaymentError: expect.stringContaining('declined'),
      chargeAttemptedAt: BILLED_AT,
    });
    expect(await mailJobsOf(org.id)).toHaveLength(1);
    const mail = await smtp.waitForMail(billingEmail);
    expect(mail.subject).toMatch(/^Payment failed: invoice /);

    // Done: a later run neither charges nor mails again.
    await invoiceOrganisation(invoicing, org.id, new Date('2026-02-01T13:00:00Z'));
    expect((await atStripe(await invoiceOf(org.id))).attempt_count).toBe(2);
    expect(await mailJobsOf(org.id)).toHaveLength(1);
  });

  it('charges once when a run stops between the charge and recording it', async () => {
    const org = await stripeOrg(['tok_visa']);
    const stopping: BillingProvider = {
      ...stripe,
      async chargeInvoice(providerInvoiceId, methodId) {
        await stripe.chargeInvoice(providerInvoiceId, methodId);
        throw new Error('the process stopped here');
      },
    };
    await expect(
      invoiceOrganisation({ ...invoicing, billing: stopping }, org.id, BILLED_AT),
    ).rejects.toThrow('the process stopped here');
    expect(await invoiceOf(org.id)).toMatchObject({
      invoiceStatus: 'invoice sent',
      chargeAttemptedAt: null,
    });
    // The sweep brings the organisation back though its next billing date is a month away.
    expect(await listDueOrgIds(t.db, new Date('2026-02-02T12:00:00Z'), 'stripe')).toContain(org.id);

    await invoiceOrganisation(invoicing, org.id, new Date('2026-02-02T12:00:00Z'));
    const invoice = await invoiceOf(org.id);
    expect(invoice).toMatchObject({ invoiceStatus: 'paid', paymentStatus: 'paid' });
    expect(await atStripe(invoice)).toMatchObject({ status: 'paid', attempt_count: 1 });
    expect(standIn.eventsAbout(invoice.providerInvoiceId!, 'invoice.paid')).toHaveLength(1);
  });

  it('makes one invoice at Stripe, one charge and one mail when two runs meet', async () => {
    const paying = await stripeOrg(['tok_visa']);
    const declining = await stripeOrg(['tok_chargeCustomerFail'], 'meet@example.test');
    // Each pair of runs issues its draft at the same moment, however the rest interleaves.
    const meeting = () => {
      let arrived = 0;
      let release = () => {};
      const together = new Promise<void>((resolve) => (release = resolve));
      const billing: BillingProvider = {
        ...stripe,
        async createInvoice(input) {
          if (++arrived === 2) release();
          await together;
          return stripe.createInvoice(input);
        },
      };
      return { ...invoicing, billing };
    };
    const [payingRuns, decliningRuns] = [meeting(), meeting()];
    await Promise.all([
      invoiceOrganisation(payingRuns, paying.id, BILLED_AT),
      invoiceOrganisation(payingRuns, paying.id, BILLED_AT),
      invoiceOrganisation(decliningRuns, declining.id, BILLED_AT),
      invoiceOrganisation(decliningRuns, declining.id, BILLED_AT),
    ]);
    const paid = await invoiceOf(paying.id);
    expect(paid.invoiceStatus).toBe('paid');
    expect(await atStripe(paid)).toMatchObject({ status: 'paid', attempt_count: 1 });
    expect(standIn.eventsAbout(paid.providerInvoiceId!, 'invoice.finalized')).toHaveLength(1);
    expect(await invoiceOf(declining.id)).toMatchObject({ invoiceStatus: 'failed' });
    expect(await mailJobsOf(declining.id)).toHaveLength(1);
  });

  it('forgets a card Stripe no longer has and charges the next', async () => {
    const org = await stripeOrg(['tok_visa', 'tok_mastercard']);
    const [gone, next] = org.cards as [string, string];
    // Detached at Stripe; its webhook never came.
    await dashboard.paymentMethods.detach(gone);
    await invoiceOrganisation(invoicing, org.id, BILLED_AT);
    expect(await invoiceOf(org.id)).toMatchObject({ invoiceStatus: 'paid' });
    expect(await savedCardsOf(org.id)).toEqual([next]);
    const [row] = await t.db
      .select({ defaultMethod: organisations.defaultPaymentMethodId })
      .from(organisations)
      .where(eq(organisations.id, org.id));
    expect(row).toEqual({ defaultMethod: null });
  });

  it('issues a draft test mode left, for a new Stripe customer', async () => {
    const org = await stripeOrg([]);
    await t.db
      .update(organisations)
      .set({ billingCustomerId: `cus_local_${org.id}`, billingCustomerProvider: 'local' })
      .where(eq(organisations.id, org.id));
    const local = localBillingProvider({ db: t.db, publicUrl: 'http://x.test', clock: () => now });
    await draftDueInvoices({ ...invoicing, billing: local }, org.id, BILLED_AT);
    expect(await invoiceOf(org.id)).toMatchObject({ provider: 'local', invoiceStatus: 'draft' });

    await invoiceOrganisation(invoicing, org.id, BILLED_AT);
    const invoice = await invoiceOf(org.id);
    expect(invoice).toMatchObject({
      provider: 'stripe',
      providerInvoiceId: expect.stringMatching(/^in_/),
      invoiceStatus: 'invoice sent',
      lastPaymentError: NO_SAVED_CARD_ERROR,
    });
    const [customer] = await t.db
      .select({
        id: organisations.billingCustomerId,
        provider: organisations.billingCustomerProvider,
      })
      .from(organisations)
      .where(eq(organisations.id, org.id));
    expect(customer).toEqual({ id: expect.stringMatching(/^cus_(?!local)/), provider: 'stripe' });
    expect((await atStripe(invoice)).customer).toBe(customer!.id);
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { auditLog } from '../db/schema/audit.ts';
import { invoices, paymentMethods } from '../db/schema/billing.ts';
import { jobs } from '../db/schema/jobs.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { memberActiveDays } from '../db/schema/rollups.ts';
import { BILLING_MAIL_JOB } from '../features/billing/invoice-mail.ts';
import { addDays } from '../lib/billing-period.ts';
import { DEMO_BILLING_EMAIL, demoBillingOptions, seedDemoBilling } from './demo-billing.ts';
import { seedDemoOrg } from './demo-org.ts';

const NOW = new Date('2026-03-31T15:00:00Z');
const PUBLIC_URL = 'http://demo.example.test';

describe('seedDemoBilling', () => {
  let t: TestApp;
  let orgId = '';

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    orgId = await seedDemoOrg(t.db, 'Demo#Seed42');
    // Every member active on the 10th of each month (the recordings' days, without recording).
    const members = await t.db
      .select({ accountId: orgMemberships.accountId })
      .from(orgMemberships)
      .where(eq(orgMemberships.orgId, orgId));
    const days = ['2025-08-10', '2025-09-10', '2025-10-10', '2025-11-10', '2025-12-10'];
    days.push('2026-01-10', '2026-02-10', '2026-03-10');
    await t.db
      .insert(memberActiveDays)
      .values(members.flatMap(({ accountId }) => days.map((day) => ({ orgId, accountId, day }))));
    await seedDemoBilling(t.db, orgId, NOW, { publicUrl: PUBLIC_URL, seatPriceCents: 500 });
  });
  afterAll(() => t.close());

  it('makes eight months of invoices through invoicing: paid, one failed then paid, the last unpaid', async () => {
    const rows = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orgId, orgId))
      .orderBy(asc(invoices.billingPeriodStart));
    const orgPaid = await t.db
      .select({ payer: orgMemberships.payer })
      .from(orgMemberships)
      .where(eq(orgMemberships.orgId, orgId));
    const seats = orgPaid.filter((member) => member.payer === 'org').length;
    const ends = ['2025-08-31', '2025-09-30', '2025-10-31', '2025-11-30', '2025-12-31'];
    ends.push('2026-01-31', '2026-02-28', '2026-03-31');
    expect(
      rows.map((row) => ({
        end: row.billingPeriodEnd,
        status: row.invoiceStatus,
        paidAt: row.paidAt?.toISOString().slice(0, 10) ?? null,
      })),
    ).toEqual(
      ends.map((end, index) => ({
        end,
        status: index === 7 ? 'invoice sent' : 'paid',
        paidAt: index === 7 ? null : index === 5 ? addDays(end, 2) : end,
      })),
    );
    expect(rows[0]).toMatchObject({ billingPeriodStart: '2025-07-31', provider: 'local' });
    for (const row of rows) {
      expect(row).toMatchObject({
        seats,
        amountDueCents: seats * 500,
        billingEmail: DEMO_BILLING_EMAIL,
        invoiceUrl: expect.stringMatching(`^${PUBLIC_URL}/billing/invoice/in_local_`),
      });
    }
    expect(seats).toBeGreaterThan(20);
    expect(new Set(rows.map((row) => row.number)).size).toBe(8);
    // The sixth was declined first: paid later on its pay page.
    const paidLate = await t.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'billing.invoice-paid'));
    expect(paidLate).toEqual([{ targetId: rows[5]!.id }]);
    // Nobody is mailed: the demo's billing address is made up.
    expect(
      await t.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, BILLING_MAIL_JOB))),
    ).toEqual([]);
  });

  it('ends with one saved 4242 test card, the default, and the billing cursor on the seeding day', async () => {
    const cards = await t.db
      .select({
        id: paymentMethods.id,
        last4: paymentMethods.last4,
        isDefault: paymentMethods.isDefault,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.orgId, orgId));
    expect(cards).toEqual([{ id: expect.any(String), last4: '4242', isDefault: true }]);
    const [org] = await t.db.select().from(organisations).where(eq(organisations.id, orgId));
    expect(org).toMatchObject({
      billingStartDate: '2025-07-31',
      previousBillingDate: '2026-03-31',
      nextBillingDate: '2026-04-30',
      defaultPaymentMethodId: cards[0]!.id,
      billingEmail: DEMO_BILLING_EMAIL,
    });
  });
});

describe('seedDemoBilling with no active member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
  });
  afterAll(() => t.close());

  it('bills $0.00 months, paid as they are issued, with nothing failed to pay', async () => {
    const orgId = await seedDemoOrg(t.db, 'Demo#Seed42');
    await seedDemoBilling(t.db, orgId, NOW, { publicUrl: PUBLIC_URL, seatPriceCents: 500 });
    const rows = await t.db.select().from(invoices).where(eq(invoices.orgId, orgId));
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row).toMatchObject({ seats: 0, amountDueCents: 0, invoiceStatus: 'paid' });
    }
  });
});

describe('demoBillingOptions', () => {
  const config = { PUBLIC_URL: PUBLIC_URL, SEAT_PRICE_CENTS: 700 };

  it('seeds the demo’s billing in test mode only', () => {
    expect(demoBillingOptions({ ...config, STRIPE_SECRET_KEY: undefined })).toEqual({
      publicUrl: PUBLIC_URL,
      seatPriceCents: 700,
    });
    expect(demoBillingOptions({ ...config, STRIPE_SECRET_KEY: 'sk_test_123' })).toBeUndefined();
  });
});

import type { Database } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.queries.ts';
import { invoiceDueDate, periodContaining } from '../../lib/billing-period.ts';
import type { BillingProvider } from '../../lib/billing/billing-provider.ts';
import { countSeats } from '../../lib/seats.queries.ts';
import { ensureOrgCustomer, storedCustomerId } from './billing-customer.ts';
import { findBillingOrg, listMethods } from './billing.queries.ts';
import { BILLING_MAIL_JOB } from './invoice-mail.ts';
import {
  insertDraft,
  invoiceSequence,
  listDrafts,
  listUncharged,
  lockBillingCursor,
  moveBillingCursor,
  recordChargeOutcome,
  recordIssued,
  updateInvoice,
  type InvoiceRow,
} from './invoicing.queries.ts';
import { syncProviderPaymentMethod } from './provider-sync.queries.ts';

/**
 * What invoicing runs with: the database (a transaction for the demo seed), the payment provider
 * and the seat price; `notify: false` mails nobody (the demo seed). The time is passed to each
 * call, so the jobs (the clock), tests (a fixed clock) and the demo seed (one clock per month)
 * run the same code.
 */
export type Invoicing = {
  db: Database;
  billing: BillingProvider;
  seatPriceCents: number;
  notify?: boolean;
};

/** Why an invoice was not charged: nothing to charge it to. Kept in last_payment_error. */
export const NO_SAVED_CARD_ERROR = 'No saved card to charge';

/** Our number of an invoice: the organisation's id's first 8 hex digits and its sequence there. */
export function invoiceNumber(orgId: string, sequence: number): string {
  return `${orgId.slice(0, 8).toUpperCase()}-${String(sequence).padStart(4, '0')}`;
}

/**
 * Everything billing owes an organisation at `now`: a draft for every period that has ended,
 * each issued at the provider and charged; an invoice a stopped run issued but did not finish
 * charging is charged too. Safe to run again, or twice at once: each step does only what is
 * still to do, and records its outcome only if no other run did.
 */
export async function invoiceOrganisation(
  invoicing: Invoicing,
  orgId: string,
  now: Date,
): Promise<void> {
  const { db, billing } = invoicing;
  await draftDueInvoices(invoicing, orgId, now);
  for (const draft of await listDrafts(db, { orgId }, billing.name)) {
    await issueInvoice(invoicing, draft, now);
  }
  for (const invoice of await listUncharged(db, { orgId }, billing.name)) {
    await collectInvoice(invoicing, invoice, now);
  }
}

/**
 * Drafts an invoice for every period that ended by the organisation's today (a catch-up after a
 * pause drafts each one) and moves its billing cursor past them, in one transaction with the
 * organisation locked. A period that has its invoice keeps it (the unique key on org and period
 * start), so a second run drafts none. Returns how many were drafted.
 */
export async function draftDueInvoices(
  { db, billing, seatPriceCents }: Invoicing,
  orgId: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const cursor = await lockBillingCursor(tx, { orgId }, now);
    if (!cursor) return 0;
    let { previous, next } = cursor;
    let drafted = 0;
    while (next <= cursor.today) {
      const period = { start: previous, end: next };
      const made = await insertDraft(
        tx,
        { orgId },
        {
          provider: billing.name,
          seats: await countSeats(tx, orgId, period),
          unitAmountCents: seatPriceCents,
          periodStart: period.start,
          periodEnd: period.end,
          dueDate: invoiceDueDate(period),
          createdAt: now,
        },
      );
      if (made) drafted += 1;
      previous = next;
      next = periodContaining(cursor.billingStart, next).end;
    }
    if (previous !== cursor.previous) await moveBillingCursor(tx, { orgId }, { previous, next });
    return drafted;
  });
}

/**
 * Issues a draft at the provider (one invoice per draft: its id is the idempotency key) and
 * records its number and links. An invoice of nothing (no seats) is paid as it is issued.
 */
async function issueInvoice(invoicing: Invoicing, draft: InvoiceRow, now: Date): Promise<void> {
  const { db, billing } = invoicing;
  const org = await findBillingOrg(db, { orgId: draft.orgId });
  if (!org) return;
  const existing = storedCustomerId(billing, org);
  const customerId = await ensureOrgCustomer(invoicing, org);
  // The invoice is addressed as the organisation is now (a rename since its customer was made).
  if (existing) {
    await billing.updateCustomer(existing, { name: org.name, billingEmail: org.billingEmail });
  }
  const sequence = await invoiceSequence(db, { orgId: org.id }, draft.billingPeriodStart);
  const issued = await billing.createInvoice({
    customerId,
    orgId: org.id,
    orgName: org.name,
    idempotencyKey: draft.id,
    number: invoiceNumber(org.id, sequence),
    seats: draft.seats,
    unitAmountCents: draft.unitAmountCents,
    currency: draft.currency,
    periodStart: draft.billingPeriodStart,
    periodEnd: draft.billingPeriodEnd,
    dueDate: draft.dueDate ?? invoiceDueDate({ end: draft.billingPeriodEnd }),
    billingEmail: org.billingEmail,
  });
  const paid = issued.status === 'paid' || draft.amountDueCents === 0;
  await recordIssued(db, { orgId: org.id }, draft.id, {
    number: issued.number,
    provider: billing.name,
    providerInvoiceId: issued.providerInvoiceId,
    invoiceUrl: issued.invoiceUrl,
    hostedInvoicePdf: issued.pdfUrl,
    billingEmail: org.billingEmail,
    invoiceStatus: paid ? 'paid' : 'invoice sent',
    paymentStatus: paid ? 'paid' : 'unpaid',
    paidAt: paid ? (issued.paidAt ?? now) : null,
    chargeAttemptedAt: paid ? now : null,
  });
}

/**
 * Charges an issued invoice: the default card first, then the other saved cards, newest first
 * (as Optimal HRV does); the first that pays marks it paid. A card the provider no longer has is
 * forgotten and the next one tried. When every card declines it is `failed`; with no card to
 * charge it stays `invoice sent`. Either way the billing email is sent the invoice's pay link (a
 * job, queued with the outcome by the one run that records it).
 */
async function collectInvoice(invoicing: Invoicing, invoice: InvoiceRow, now: Date) {
  const { db, billing } = invoicing;
  const org = { orgId: invoice.orgId };
  const providerInvoiceId = invoice.providerInvoiceId;
  if (!providerInvoiceId) return;
  // The provider's state first: a charge that went through before a run stopped is not repeated.
  const current = await billing.retrieveInvoice(providerInvoiceId);
  if (current?.status === 'paid') {
    await markPaid(invoicing, invoice, current.paidAt ?? now, now);
    return;
  }
  let declined: string | null = null;
  for (const method of await listMethods(db, org, billing.name)) {
    const charged = await billing.chargeInvoice(providerInvoiceId, method.providerMethodId);
    if (charged.paid) {
      await markPaid(invoicing, invoice, charged.paidAt, now);
      return;
    }
    if (charged.methodGone) {
      // Detached or deleted at the provider: as its webhook would, forget it here.
      await db.transaction((tx) =>
        syncProviderPaymentMethod(tx, billing.name, method.providerMethodId, null),
      );
      continue;
    }
    declined = charged.message;
  }
  await db.transaction(async (tx) => {
    const recorded = await recordChargeOutcome(tx, org, invoice.id, {
      invoiceStatus: declined === null ? 'invoice sent' : 'failed',
      paymentStatus: declined === null ? 'unpaid' : 'failed',
      lastPaymentError: declined ?? NO_SAVED_CARD_ERROR,
      chargeAttemptedAt: now,
    });
    if (recorded && invoicing.notify !== false) {
      await enqueueJob(tx, {
        kind: BILLING_MAIL_JOB,
        orgId: invoice.orgId,
        payload: { invoiceId: invoice.id },
        runAt: now,
      });
    }
  });
}

async function markPaid({ db }: Invoicing, invoice: InvoiceRow, paidAt: Date, now: Date) {
  await updateInvoice(db, { orgId: invoice.orgId }, invoice.id, ['invoice sent', 'failed'], {
    invoiceStatus: 'paid',
    paymentStatus: 'paid',
    paidAt,
    lastPaymentError: null,
    chargeAttemptedAt: now,
  });
}

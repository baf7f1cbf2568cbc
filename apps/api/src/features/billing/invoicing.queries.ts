import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/billing.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { orgMemberships, organisations } from '../../db/schema/organisations.ts';
import type { OrgScope } from '../../auth/scope.ts';
import { orgDay } from '../../lib/seats.ts';

type OrgRef = Pick<OrgScope, 'orgId'>;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The organisation's billing cursor, its row locked until the transaction ends, so two runs
 * draft its periods one after the other; `today` is its day at `now`.
 */
export async function lockBillingCursor(db: Database, org: OrgRef, now: Date) {
  const [row] = await db
    .select({
      billingStart: organisations.billingStartDate,
      previous: organisations.previousBillingDate,
      next: organisations.nextBillingDate,
      today: sql<string>`to_char(${orgDay(now)}, 'YYYY-MM-DD')`,
    })
    .from(organisations)
    .where(eq(organisations.id, org.orgId))
    .for('update');
  return row ?? null;
}

export async function moveBillingCursor(
  db: Database,
  org: OrgRef,
  cursor: { previous: string; next: string },
) {
  await db
    .update(organisations)
    .set({ previousBillingDate: cursor.previous, nextBillingDate: cursor.next })
    .where(eq(organisations.id, org.orgId));
}

export type NewDraft = {
  provider: string;
  seats: number;
  unitAmountCents: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  createdAt: Date;
};

/** A draft invoice for a period; a period with an invoice already keeps it (returns false). */
export async function insertDraft(db: Database, org: OrgRef, draft: NewDraft) {
  const rows = await db
    .insert(invoices)
    .values({
      orgId: org.orgId,
      provider: draft.provider,
      seats: draft.seats,
      unitAmountCents: draft.unitAmountCents,
      amountDueCents: draft.seats * draft.unitAmountCents,
      invoiceStatus: 'draft',
      paymentStatus: 'unpaid',
      billingPeriodStart: draft.periodStart,
      billingPeriodEnd: draft.periodEnd,
      dueDate: draft.dueDate,
      createdAt: draft.createdAt,
    })
    .onConflictDoNothing({ target: [invoices.orgId, invoices.billingPeriodStart] })
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** The organisation's drafts, oldest period first. */
export async function listDrafts(db: Database, org: OrgRef) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orgId, org.orgId), eq(invoices.invoiceStatus, 'draft')))
    .orderBy(asc(invoices.billingPeriodStart));
}

/** How many invoices of the organisation begin on or before `periodStart`: its number's sequence. */
export async function invoiceSequence(db: Database, org: OrgRef, periodStart: string) {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.orgId, org.orgId), lte(invoices.billingPeriodStart, periodStart)));
  return Number(row?.n ?? 0);
}

/** Issued invoices no charge was tried for yet (a run stopped between issuing and charging). */
export async function listUncharged(db: Database, org: OrgRef) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orgId, org.orgId),
        eq(invoices.invoiceStatus, 'invoice sent'),
        eq(invoices.paymentStatus, 'unpaid'),
        isNull(invoices.lastPaymentError),
      ),
    )
    .orderBy(asc(invoices.billingPeriodStart));
}

export type InvoiceChanges = Partial<
  Pick<
    InvoiceRow,
    | 'number'
    | 'provider'
    | 'providerInvoiceId'
    | 'invoiceUrl'
    | 'hostedInvoicePdf'
    | 'billingEmail'
    | 'invoiceStatus'
    | 'paymentStatus'
    | 'paidAt'
    | 'lastPaymentError'
  >
>;

/**
 * Changes an invoice still in one of the `from` statuses; false when it has moved on meanwhile
 * (paid on the pay page, or by a webhook), which then wins.
 */
export async function updateInvoice(
  db: Database,
  org: OrgRef,
  invoiceId: string,
  from: readonly string[],
  changes: InvoiceChanges,
) {
  const rows = await db
    .update(invoices)
    .set(changes)
    .where(
      and(
        eq(invoices.orgId, org.orgId),
        eq(invoices.id, invoiceId),
        inArray(invoices.invoiceStatus, [...from]),
      ),
    )
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** Organisations whose billing date has come in their own time zone at `now`. */
export async function listDueOrgIds(db: Database, now: Date) {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(lte(organisations.nextBillingDate, orgDay(now)))
    .orderBy(asc(organisations.nextBillingDate), asc(organisations.id));
  return rows.map((row) => row.id);
}

/** Whether a job of `kind` is queued or running for the organisation. */
export async function hasUnfinishedJob(db: Database, kind: string, org: OrgRef) {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        eq(jobs.orgId, org.orgId),
        inArray(jobs.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An invoice with its organisation's name and billing email (null: no such invoice). */
export async function findInvoiceWithOrg(db: Database, invoiceId: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      orgName: organisations.name,
      orgBillingEmail: organisations.billingEmail,
    })
    .from(invoices)
    .innerJoin(organisations, eq(organisations.id, invoices.orgId))
    .where(eq(invoices.id, invoiceId));
  return row ?? null;
}

/** The email addresses of the organisation's admins: billing mail goes to them without a billing email. */
export async function listOrgAdminEmails(db: Database, org: OrgRef) {
  const rows = await db
    .select({ email: accounts.email })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .where(and(eq(orgMemberships.orgId, org.orgId), eq(orgMemberships.role, 'admin')))
    .orderBy(asc(accounts.email));
  return rows.map((row) => row.email);
}

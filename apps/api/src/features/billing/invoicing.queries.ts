import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { InvoiceStatus } from '@resonant/contracts/billing';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/billing.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { orgMemberships, organisations } from '../../db/schema/organisations.ts';
import type { OrgScope } from '../../kernel/scope.ts';
import { orgDay } from '../../lib/seats.queries.ts';

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

/** A draft the provider is to issue: its own, or one no provider has an invoice for yet. */
const isDraftOf = (provider: string) =>
  and(
    eq(invoices.invoiceStatus, 'draft'),
    or(eq(invoices.provider, provider), isNull(invoices.providerInvoiceId)),
  );

/**
 * The drafts the provider is to issue, oldest period first (a draft left by another provider
 * before a switch, with no invoice there, is issued by this one).
 */
export async function listDrafts(db: Database, org: OrgRef, provider: string) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orgId, org.orgId), isDraftOf(provider)))
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

/** Issued, not paid, and invoicing has not finished charging it (a webhook may have set `failed`). */
const isUnchargedOf = (provider: string) =>
  and(
    eq(invoices.provider, provider),
    isNotNull(invoices.providerInvoiceId),
    inArray(invoices.invoiceStatus, ['invoice sent', 'failed']),
    isNull(invoices.chargeAttemptedAt),
  );

/** The provider's invoices issued and still to charge (a run stopped between the two). */
export async function listUncharged(db: Database, org: OrgRef, provider: string) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orgId, org.orgId), isUnchargedOf(provider)))
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
    | 'chargeAttemptedAt'
  >
>;

/** Changes the organisation's invoice when `condition` holds too; false when it did not. */
async function changeInvoice(
  db: Database,
  org: OrgRef,
  invoiceId: string,
  condition: SQL | undefined,
  changes: InvoiceChanges,
) {
  const rows = await db
    .update(invoices)
    .set(changes)
    .where(and(eq(invoices.orgId, org.orgId), eq(invoices.id, invoiceId), condition))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * Changes an invoice still in one of the `from` statuses; false when it has moved on meanwhile
 * (paid on the pay page, or by a webhook), which then wins.
 */
export async function updateInvoice(
  db: Database,
  org: OrgRef,
  invoiceId: string,
  from: readonly InvoiceStatus[],
  changes: InvoiceChanges,
) {
  return changeInvoice(db, org, invoiceId, inArray(invoices.invoiceStatus, [...from]), changes);
}

/** A draft that is still one, with no provider invoice or with `providerInvoiceId`. */
const isDraftIssuedAs = (providerInvoiceId: string) =>
  and(
    eq(invoices.invoiceStatus, 'draft'),
    or(isNull(invoices.providerInvoiceId), eq(invoices.providerInvoiceId, providerInvoiceId)),
  );

/**
 * Records a draft issued as `providerInvoiceId`; false when another run recorded it first, or
 * made another provider invoice for it.
 */
export async function recordIssued(
  db: Database,
  org: OrgRef,
  draftId: string,
  changes: InvoiceChanges & { providerInvoiceId: string },
) {
  return changeInvoice(db, org, draftId, isDraftIssuedAs(changes.providerInvoiceId), changes);
}

/**
 * Records how charging an invoice ended (`charge_attempted_at` set): once, whichever unpaid status
 * a webhook gave it meanwhile; never over a payment. True only for the run that recorded it.
 */
export async function recordChargeOutcome(
  db: Database,
  org: OrgRef,
  invoiceId: string,
  changes: InvoiceChanges & { chargeAttemptedAt: Date },
) {
  const unfinished = and(
    inArray(invoices.invoiceStatus, ['invoice sent', 'failed']),
    isNull(invoices.chargeAttemptedAt),
  );
  return changeInvoice(db, org, invoiceId, unfinished, changes);
}

/**
 * Organisations billing has work for at `now`: their billing date has come in their own time
 * zone, or a draft is still to issue, or an invoice still to charge (a run that gave up). With
 * Stripe never a demo organisation: the demo's billing is test mode's (decision 0025).
 */
export async function listDueOrgIds(db: Database, now: Date, provider: string) {
  const hasInvoice = (condition: SQL | undefined) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(invoices)
        .where(and(eq(invoices.orgId, organisations.id), condition)),
    );
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        or(
          lte(organisations.nextBillingDate, orgDay(now)),
          hasInvoice(isDraftOf(provider)),
          hasInvoice(isUnchargedOf(provider)),
        ),
        provider === 'stripe' ? eq(organisations.isDemo, false) : undefined,
      ),
    )
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

/**
 * An invoice with its organisation's name, billing email and time zone, by our id or by the
 * local provider's token (its pay page's and PDF's address); null when there is none.
 */
export async function findInvoiceWithOrg(
  db: Database,
  ref: { invoiceId: string } | { localToken: string },
) {
  const [row] = await db
    .select({
      invoice: invoices,
      orgName: organisations.name,
      orgBillingEmail: organisations.billingEmail,
      timeZone: organisations.timeZone,
    })
    .from(invoices)
    .innerJoin(organisations, eq(organisations.id, invoices.orgId))
    .where(
      'invoiceId' in ref
        ? eq(invoices.id, ref.invoiceId)
        : and(eq(invoices.provider, 'local'), eq(invoices.providerInvoiceId, ref.localToken)),
    );
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

import { sql } from 'drizzle-orm';
import type { InvoiceStatus, PaymentStatus } from '@resonant/contracts/billing';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.ts';
import { accounts } from './accounts.ts';
import { payerEnum, tenantId } from './organisations.ts';

/** A card saved with the payment provider for an organisation. No card number is ever stored here. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    orgId: tenantId(),
    provider: text('provider').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_method_key').on(t.provider, t.providerMethodId),
    index('payment_methods_org_idx').on(t.orgId),
  ],
);

/** A monthly seat invoice of an organisation; amounts in cents. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orgId: tenantId(),
    /** The provider's invoice number; null only while the invoice is a draft being made. */
    number: text('number'),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    seats: integer('seats').notNull(),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    invoiceStatus: text('invoice_status').$type<InvoiceStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    invoiceUrl: text('invoice_url'),
    hostedInvoicePdf: text('hosted_invoice_pdf'),
    billingEmail: text('billing_email'),
    billingPeriodStart: date('billing_period_start', { mode: 'string' }).notNull(),
    billingPeriodEnd: date('billing_period_end', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paidAt: timestampTz('paid_at'),
    /**
     * Why the invoice is not paid: the last decline's message, or that no card was saved. For
     * support: the organisation is mailed its pay link, not the reason.
     */
    lastPaymentError: text('last_payment_error'),
    /**
     * When invoicing finished charging it (paid, declined by every saved card, or no card to
     * charge); null while that is still to do, whatever a webhook has set the status to meanwhile.
     */
    chargeAttemptedAt: timestampTz('charge_attempted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Our numbers are the org id's first 8 hex digits and a sequence: unique within the org.
    uniqueIndex('invoices_org_number_key').on(t.orgId, t.number),
    uniqueIndex('invoices_org_period_key').on(t.orgId, t.billingPeriodStart),
    uniqueIndex('invoices_provider_invoice_key')
      .on(t.provider, t.providerInvoiceId)
      .where(sql`${t.providerInvoiceId} is not null`),
  ],
);

/** Payment-provider webhook events already processed, so a redelivery is a no-op. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  processedAt: createdAt(),
});

/**
 * Who paid a member's seat before and after each change of payer, dated by the organisation's
 * day, so a period's seats follow the payer of each day the member was active.
 */
export const payerChanges = pgTable(
  'payer_changes',
  {
    id: id(),
    orgId: tenantId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    changedOn: date('changed_on', { mode: 'string' }).notNull(),
    payerBefore: payerEnum('payer_before').notNull(),
    payerAfter: payerEnum('payer_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payer_changes_member_idx').on(t.orgId, t.accountId, t.changedOn)],
);

/**
 * The local (test-mode) provider's own record of a card, as Stripe keeps one: brand, last 4,
 * expiry and what the test number it was made from does when charged. Never a card number.
 */
export const localPaymentMethods = pgTable('local_payment_methods', {
  id: text('id').primaryKey(),
  orgId: tenantId(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** What a charge does: `succeeds`, or the decline code of the test number (`card_declined`, …). */
  chargeOutcome: text('charge_outcome').notNull(),
  createdAt: createdAt(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.ts';
import { tenantId } from './organisations.ts';

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
    number: text('number').notNull(),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    seats: integer('seats').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    invoiceStatus: text('invoice_status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    invoiceUrl: text('invoice_url'),
    hostedInvoicePdf: text('hosted_invoice_pdf'),
    billingEmail: text('billing_email'),
    billingPeriodStart: date('billing_period_start', { mode: 'string' }).notNull(),
    billingPeriodEnd: date('billing_period_end', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paidAt: timestampTz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
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

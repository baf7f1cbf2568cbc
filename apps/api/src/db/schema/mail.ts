import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.ts';
import { organisations } from './organisations.ts';

/** Every email the product sends, kept so a first run without SMTP still shows what was sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    sentAt: timestampTz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

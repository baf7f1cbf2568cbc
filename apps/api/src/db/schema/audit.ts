import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { organisations } from './organisations.ts';

/**
 * Who did what to which record. `org_id` is null for platform-level actions and account events, and
 * once the organisation is deleted: the rows outlive it, keeping its name in `org_name`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    orgName: text('org_name'),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    // Stands for the actor once their account is deleted: the same opaque name on every row of
    // theirs, so the trail still reads as one person's without naming them.
    actorPseudonym: text('actor_pseudonym'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.orgId, t.createdAt),
    // A member's access log: the reads and exports of their data, newest first.
    index('audit_log_target_created_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

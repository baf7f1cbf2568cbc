import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.ts';
import { organisations } from './organisations.ts';

export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * Background work (mail, invoices, rollups), claimed by the in-process worker with
 * FOR UPDATE SKIP LOCKED so several API instances can share the table.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    lockedAt: timestampTz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** How far a long job has come, for a progress bar: steps done of the steps it has. */
    progress: jsonb('progress').$type<{ done: number; total: number }>(),
    finishedAt: timestampTz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

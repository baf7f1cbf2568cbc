import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestampTz } from './columns.ts';
import { tenantId } from './organisations.ts';

/**
 * One member's readings of one calendar day (in the organisation's time zone), kept up to date by
 * each ingest in the same transaction, so dashboards read averages without scanning raw readings.
 * Sums and counts only, never stored averages: a mean over any range is sum(rmssd_sum) /
 * sum(rmssd_count). Only good-quality readings with an RMSSD count there; `readings_count` and the
 * per-kind counts include low-quality ones.
 */
export const memberDailyRollups = pgTable(
  'member_daily_rollups',
  {
    orgId: tenantId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    rmssdSum: doublePrecision('rmssd_sum').notNull().default(0),
    rmssdCount: integer('rmssd_count').notNull().default(0),
    readingsCount: integer('readings_count').notNull().default(0),
    morningCount: integer('morning_count').notNull().default(0),
    anytimeCount: integer('anytime_count').notNull().default(0),
    lastTakenAt: timestampTz('last_taken_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.accountId, t.day] }),
    index('member_daily_rollups_org_day_idx').on(t.orgId, t.day),
  ],
);

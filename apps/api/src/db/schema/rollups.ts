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
    // Covering: a day range of an organisation (the dashboards' 7 and 30 days, the platform
    // norms) is one contiguous index-only range instead of a heap page per member and day.
    index('member_daily_rollups_org_day_idx').on(
      t.orgId,
      t.day,
      t.accountId,
      t.rmssdSum,
      t.rmssdCount,
    ),
  ],
);

/**
 * One member's all-time totals in one organisation: always the sum of their member_daily_rollups
 * rows, kept so by statement triggers on that table in the same transaction (migration
 * 0004_analytics-rollup-totals). All-time averages read this one row per member instead of every
 * day of history — a year of a 1,000-member organisation is 365,000 daily rows. Sums and counts
 * only, like the daily rollups; `last_taken_at` only ever moves forward.
 */
export const memberRollupTotals = pgTable(
  'member_rollup_totals',
  {
    orgId: tenantId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    rmssdSum: doublePrecision('rmssd_sum').notNull().default(0),
    rmssdCount: integer('rmssd_count').notNull().default(0),
    readingsCount: integer('readings_count').notNull().default(0),
    lastTakenAt: timestampTz('last_taken_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.accountId] })],
);

/**
 * One organisation's recordings of one calendar day (in its time zone), kept by every ingest in
 * the same transaction (lib/member-activity.queries.ts), so the app admin's top organisations add up a
 * few hundred rows per organisation at most instead of scanning readings and sessions. Counts
 * only; `active_members` counts each member once per day (member_active_days decides the first).
 */
export const orgDailyActivity = pgTable(
  'org_daily_activity',
  {
    orgId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    activeMembers: integer('active_members').notNull().default(0),
    readingsCount: integer('readings_count').notNull().default(0),
    morningCount: integer('morning_count').notNull().default(0),
    anytimeCount: integer('anytime_count').notNull().default(0),
    biofeedbackCount: integer('biofeedback_count').notNull().default(0),
    mindfulnessCount: integer('mindfulness_count').notNull().default(0),
    selfCompassionCount: integer('self_compassion_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.day] }),
    // Covering: a range of days of every organisation (the top organisations' 90 … 7 days,
    // Yesterday, Today) is one index-only range per organisation instead of a heap page per day.
    index('org_daily_activity_org_day_idx').on(
      t.orgId,
      t.day,
      t.activeMembers,
      t.readingsCount,
      t.morningCount,
      t.anytimeCount,
      t.biofeedbackCount,
      t.mindfulnessCount,
      t.selfCompassionCount,
    ),
  ],
);

/**
 * The days a member recorded anything (a reading or a session) in an organisation: inserting the
 * day's row succeeds once, and only then does org_daily_activity.active_members grow, so
 * concurrent recordings of one member count them once.
 */
export const memberActiveDays = pgTable(
  'member_active_days',
  {
    orgId: tenantId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.accountId, t.day] }),
    // The seats of a period (lib/seats.queries.ts) read an organisation's days in a range.
    index('member_active_days_org_day_idx').on(t.orgId, t.day),
  ],
);

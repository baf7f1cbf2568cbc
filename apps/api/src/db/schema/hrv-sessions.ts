import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, rrSeries, timestampTz } from './columns.ts';
import { tenantId } from './organisations.ts';
import {
  hrvMetricColumns,
  qualityEnum,
  recordingColumns,
  recordingIdColumn,
  tagIdColumn,
} from './readings.ts';

export const sessionKindEnum = pgEnum('session_kind', [
  'biofeedback',
  'mindfulness',
  'self_compassion',
]);

/** Breathing pattern of a session as the app's pacer ran it (SPEC §3 breathTime). */
export type BreathTime = {
  name: string;
  inhalePercentage: number;
  exhalePercentage: number;
  inhaleSeconds: number;
  exhaleSeconds: number;
  defaultTotalMinutes: number;
};

/** Raw optimal-zone samples: biofeedback sends {oz, ts} pairs, mindfulness plain scores. */
export type OptimalZoneSamples =
  | { kind: 'biofeedback'; values: { oz: number; ts: number }[] }
  | { kind: 'mindfulness'; values: number[]; reportStartTime: string | null };

/**
 * A breathing session (biofeedback, mindfulness, self-compassion) with its raw RR series, the app's
 * raw optimal-zone samples and the session averages computed by packages/hrv. `client_id` is the
 * app's id of the recording, unique per account (idempotent uploads).
 */
export const hrvSessions = pgTable(
  'hrv_sessions',
  {
    ...recordingColumns(),
    kind: sessionKindEnum('kind').notNull(),
    name: text('name').notNull(),
    note: text('note'),
    startedAt: timestampTz('started_at').notNull(),
    breathsPerMinute: doublePrecision('breaths_per_minute'),
    sessionMinutes: doublePrecision('session_minutes'),
    breathTime: jsonb('breath_time').$type<BreathTime>(),
    rrMs: rrSeries('rr_ms').notNull(),
    optimalZoneSamples: jsonb('optimal_zone_samples').$type<OptimalZoneSamples>(),
    ozSesAvgPercentage: doublePrecision('oz_ses_avg_percentage'),
    optimalZoneSessionAverage: doublePrecision('optimal_zone_session_average'),
    quality: qualityEnum('quality').notNull(),
    ...hrvMetricColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hrv_sessions_account_client_key').on(t.accountId, t.clientId),
    index('hrv_sessions_org_account_started_idx').on(t.orgId, t.accountId, t.startedAt),
  ],
);

/** Per-minute results of a session (`count_time` = minute number from 1). */
export const hrvSessionMinutes = pgTable(
  'hrv_session_minutes',
  {
    id: id(),
    orgId: tenantId(),
    sessionId: recordingIdColumn('session_id', () => hrvSessions.id),
    countTime: integer('count_time').notNull(),
    lfReliable: boolean('lf_reliable').notNull().default(true),
    vlfReliable: boolean('vlf_reliable').notNull().default(true),
    ...hrvMetricColumns(),
  },
  (t) => [uniqueIndex('hrv_session_minutes_session_minute_key').on(t.sessionId, t.countTime)],
);

export const hrvSessionTags = pgTable(
  'hrv_session_tags',
  {
    orgId: tenantId(),
    sessionId: recordingIdColumn('session_id', () => hrvSessions.id),
    tagId: tagIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.tagId] })],
);

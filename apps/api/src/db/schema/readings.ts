import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id, rrSeries, timestampTz } from './columns.ts';
import { organisations, tenantId } from './organisations.ts';

export const readingKindEnum = pgEnum('reading_kind', ['morning', 'anytime']);
export const qualityEnum = pgEnum('quality', ['good', 'low']);

/** An exercise/reading tag; `org_id` null marks a platform-wide tag offered to every organisation. */
export const tags = pgTable(
  'tags',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tags_org_name_key').on(sql`coalesce(${t.orgId}::text, '')`, sql`lower(${t.name})`),
  ],
);

/**
 * The columns every recording (reading, HRV session) starts with: its id, organisation and member,
 * and `client_id`, the app's id of the recording, unique per account (idempotent uploads).
 */
export const recordingColumns = () => ({
  id: id(),
  orgId: tenantId(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
});

/** A row's recording (its minutes, its tags), which takes the row with it when deleted. */
export const recordingIdColumn = (name: string, recording: () => AnyPgColumn) =>
  uuid(name).notNull().references(recording, { onDelete: 'cascade' });

/** A recording's tag in its join table; the link goes with the tag. */
export const tagIdColumn = () =>
  uuid('tag_id')
    .notNull()
    .references(() => tags.id, { onDelete: 'cascade' });

/**
 * The metric columns computed by packages/hrv, one per field of its HrvMetrics, shared by readings,
 * HRV sessions and session minutes. Nullable: a metric that cannot be computed is stored as null,
 * never NaN.
 */
export const hrvMetricColumns = () => ({
  beats: integer('beats').notNull(),
  durationS: doublePrecision('duration_s').notNull(),
  artifactPercent: doublePrecision('artifact_percent'),
  meanNni: doublePrecision('mean_nni'),
  medianNni: doublePrecision('median_nni'),
  rangeNni: doublePrecision('range_nni'),
  sdnn: doublePrecision('sdnn'),
  rmssd: doublePrecision('rmssd'),
  sdsd: doublePrecision('sdsd'),
  pnn50: doublePrecision('pnn50'),
  meanHr: doublePrecision('mean_hr'),
  minHr: doublePrecision('min_hr'),
  maxHr: doublePrecision('max_hr'),
  minMax: doublePrecision('min_max'),
  vlf: doublePrecision('vlf'),
  lf: doublePrecision('lf'),
  hf: doublePrecision('hf'),
  totalPower: doublePrecision('total_power'),
  lfHf: doublePrecision('lf_hf'),
  lfNu: doublePrecision('lf_nu'),
  hfNu: doublePrecision('hf_nu'),
  vlfPercent: doublePrecision('vlf_percent'),
  lfPercent: doublePrecision('lf_percent'),
  hfPercent: doublePrecision('hf_percent'),
  vlfPeak: doublePrecision('vlf_peak'),
  lfPeak: doublePrecision('lf_peak'),
  hfPeak: doublePrecision('hf_peak'),
});

/**
 * One HRV reading: the raw RR series as recorded, plus the metrics computed from its cleaned form.
 * `client_id` is the app's id of the recording: unique per account, so a retried upload is stored
 * once.
 */
export const readings = pgTable(
  'readings',
  {
    ...recordingColumns(),
    takenAt: timestampTz('taken_at').notNull(),
    kind: readingKindEnum('kind').notNull(),
    note: text('note'),
    device: text('device'),
    rrMs: rrSeries('rr_ms').notNull(),
    quality: qualityEnum('quality').notNull(),
    ...hrvMetricColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('readings_account_client_key').on(t.accountId, t.clientId),
    index('readings_org_account_taken_idx').on(t.orgId, t.accountId, t.takenAt),
    index('readings_org_taken_idx').on(t.orgId, t.takenAt),
    // Latest and previous good reading per member (dashboards): an index-only top-2 per member,
    // RMSSD carried as the last key column because it is what they read.
    index('readings_good_latest_idx')
      .on(t.orgId, t.accountId, t.takenAt, t.rmssd)
      .where(sql`${t.quality} = 'good' and ${t.rmssd} is not null`),
  ],
);

export const readingTags = pgTable(
  'reading_tags',
  {
    orgId: tenantId(),
    readingId: recordingIdColumn('reading_id', () => readings.id),
    tagId: tagIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.readingId, t.tagId] })],
);

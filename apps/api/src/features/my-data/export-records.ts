import { csvSafe } from '@resonant/contracts/csv-safety';
import { HRV_METRIC_KEYS, type HrvMetrics } from '@resonant/contracts/metrics';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { PresentedTag } from '../../lib/offered-tags.ts';
import type { ownReadingsPage, ownSessionsPage, sessionMinutesOf } from './my-data.queries.ts';

/** The presenters of the export: each stored row as the JSON files and the CSV files write it. */

type ReadingRow = Awaited<ReturnType<typeof ownReadingsPage>>[number];
type SessionRow = Awaited<ReturnType<typeof ownSessionsPage>>[number];
type MinuteRow = Awaited<ReturnType<typeof sessionMinutesOf>>[number];
type CsvCell = string | number | null;

/**
 * An RR interval as it was sent: the series is stored as float32, so 812.3 comes back as
 * 812.29998779...; the shortest decimal that is the same float32 is what the app sent.
 */
export function float32Decimal(value: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === Math.fround(value)) return candidate;
  }
  return value;
}

const metricsOf = (metrics: HrvMetrics): HrvMetrics => {
  const out = {} as Record<keyof HrvMetrics, number | null>;
  for (const key of HRV_METRIC_KEYS) out[key] = finiteOrNull(metrics[key]);
  return { ...out, beats: out.beats ?? 0, durationS: out.durationS ?? 0 };
};

const organisationOf = (row: { orgId: string; organisation: string | null }) => ({
  id: row.orgId,
  name: row.organisation,
});

const tagsJson = (tags: readonly PresentedTag[]) =>
  tags.map((tag) => ({ id: tag.id, name: tag.tag_name }));

/** A reading in readings.json: everything stored about it, its raw RR series included. */
export function readingJson(row: ReadingRow, tags: readonly PresentedTag[]) {
  return {
    id: row.id,
    clientId: row.clientId,
    organisation: organisationOf(row),
    kind: row.kind,
    takenAt: row.takenAt.toISOString(),
    uploadedAt: row.createdAt.toISOString(),
    device: row.device,
    note: row.note,
    quality: row.quality,
    tags: tagsJson(tags),
    metrics: metricsOf(row.metrics),
    rrMs: (row.rrMs ?? []).map(float32Decimal),
  };
}

/** The columns of readings.csv, in order: the reading, then every metric by its engine name. */
export const READINGS_EXPORT_COLUMNS = [
  'id',
  'takenAt',
  'kind',
  'organisation',
  'device',
  'quality',
  'tags',
  'note',
  ...HRV_METRIC_KEYS,
] as const;

const tagNames = (tags: readonly PresentedTag[]) =>
  tags.map((tag) => csvSafe(tag.tag_name)).join(';');
const text = (value: string | null) => (value === null ? null : csvSafe(value));

/** A reading in readings.csv: text cells made formula-safe, tags joined with `;`. */
export function readingCsv(row: ReadingRow, tags: readonly PresentedTag[]) {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    kind: row.kind,
    organisation: text(row.organisation),
    device: text(row.device),
    quality: row.quality,
    tags: tagNames(tags),
    note: text(row.note),
    ...metricsOf(row.metrics),
  } satisfies Record<(typeof READINGS_EXPORT_COLUMNS)[number], CsvCell>;
}

/** A session in sessions.json: its figures, per-minute rows, optimal-zone samples and RR. */
export function sessionJson(
  row: SessionRow,
  tags: readonly PresentedTag[],
  minutes: readonly MinuteRow[],
) {
  return {
    id: row.id,
    clientId: row.clientId,
    organisation: organisationOf(row),
    type: row.kind,
    name: row.name,
    startedAt: row.startedAt.toISOString(),
    uploadedAt: row.createdAt.toISOString(),
    note: row.note,
    quality: row.quality,
    tags: tagsJson(tags),
    breathsPerMinute: finiteOrNull(row.breathsPerMinute),
    sessionMinutes: finiteOrNull(row.sessionMinutes),
    breathTime: row.breathTime,
    ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(row.optimalZoneSessionAverage),
    metrics: metricsOf(row.metrics),
    minutes: minutes.map((minute) => ({
      minute: minute.minute,
      lfReliable: minute.lfReliable,
      vlfReliable: minute.vlfReliable,
      metrics: metricsOf(minute.metrics),
    })),
    optimalZoneSamples: row.optimalZoneSamples,
    rrMs: row.rrMs.map(float32Decimal),
  };
}

/** The columns of sessions.csv, in order: the session, then every metric by its engine name. */
export const SESSIONS_EXPORT_COLUMNS = [
  'id',
  'startedAt',
  'type',
  'name',
  'organisation',
  'quality',
  'tags',
  'note',
  'sessionMinutes',
  'breathsPerMinute',
  'ozSesAvgPercentage',
  'optimalZoneSessionAverage',
  'minutesRecorded',
  'optimalZoneSamples',
  ...HRV_METRIC_KEYS,
] as const;

/** A session in sessions.csv: one row; the minutes and samples are counted, not listed. */
export function sessionCsv(row: SessionRow, tags: readonly PresentedTag[], minutes: number) {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    type: row.kind,
    name: csvSafe(row.name),
    organisation: text(row.organisation),
    quality: row.quality,
    tags: tagNames(tags),
    note: text(row.note),
    sessionMinutes: finiteOrNull(row.sessionMinutes),
    breathsPerMinute: finiteOrNull(row.breathsPerMinute),
    ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(row.optimalZoneSessionAverage),
    minutesRecorded: minutes,
    optimalZoneSamples: row.optimalZoneSamples?.values.length ?? 0,
    ...metricsOf(row.metrics),
  } satisfies Record<(typeof SESSIONS_EXPORT_COLUMNS)[number], CsvCell>;
}

import { HRV_METRIC_KEYS, type HrvMetrics } from '@resonant/contracts/metrics';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { HrvMetrics as EngineMetrics } from '@resonant/hrv/types';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// The contract and the engine describe the same metrics; a change to either fails typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _contractMatchesEngine: Same<EngineMetrics, HrvMetrics> = true;

/**
 * The metric column values of an analysis (the columns are named like the metrics, see
 * hrvMetricColumns); any non-finite number is stored as null so NaN never reaches the database.
 */
export function metricColumnValues(metrics: EngineMetrics): HrvMetrics {
  const values = {} as Record<keyof HrvMetrics, number | null>;
  for (const key of HRV_METRIC_KEYS) values[key] = finiteOrNull(metrics[key]);
  return { ...values, beats: values.beats ?? 0, durationS: values.durationS ?? 0 };
}

/** The metric columns of a table holding hrvMetricColumns, for a nested `metrics` select. */
export function metricColumnsOf<T extends Record<keyof HrvMetrics, AnyPgColumn>>(
  table: T,
): Pick<T, keyof HrvMetrics> {
  return Object.fromEntries(HRV_METRIC_KEYS.map((key) => [key, table[key]])) as Pick<
    T,
    keyof HrvMetrics
  >;
}

import type { DASHBOARD_METRICS, DashboardMetric } from '@resonant/contracts/analytics';

// A figure of the members' age and sex, known before anyone takes a reading.
const POPULATION_NORM: (typeof DASHBOARD_METRICS)[number]['label'] = 'Population Norm';

/** Whether anyone in the dashboard's scope has a reading: a card other than the norm has a value. */
export function hasReadings(metrics: readonly DashboardMetric[]): boolean {
  return metrics.some((metric) => metric.label !== POPULATION_NORM && metric.rmssd !== null);
}

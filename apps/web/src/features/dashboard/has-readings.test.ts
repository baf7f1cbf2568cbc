import { describe, expect, it } from 'vitest';
import { DASHBOARD_METRICS } from '@resonant/contracts/analytics';
import { hasReadings } from './has-readings.ts';

const cards = (values: (number | null)[]) =>
  DASHBOARD_METRICS.map((metric, index) => ({
    label: metric.label,
    rmssd: values[index] ?? null,
    unit: 'ms' as const,
    footer: metric.footer,
  }));

describe('hasReadings', () => {
  it('is false when only the Population Norm has a value', () => {
    expect(hasReadings(cards([null, null, null, null, null, 42]))).toBe(false);
    expect(hasReadings(cards([]))).toBe(false);
  });

  it('is true when any reading figure has one', () => {
    expect(hasReadings(cards([null, null, null, null, 38.5, 42]))).toBe(true);
    expect(hasReadings(cards([0, null, null, null, null, null]))).toBe(true);
  });
});

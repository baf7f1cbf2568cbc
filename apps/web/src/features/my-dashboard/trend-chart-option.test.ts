import { describe, expect, it } from 'vitest';
import type { MyDashboardDay } from '@resonant/contracts/my-dashboard';
import { BASELINE_ID, NORMAL_RANGE_ID } from '../../components/normal-range-series.ts';
import { trendChartLabel, trendChartOption } from './trend-chart-option.ts';

const day = (date: string, value: number | null): MyDashboardDay => ({
  date,
  morning_rmssd: value,
  baseline: value === null ? null : value - 2,
  normal_low: value === null ? null : value - 5,
  normal_high: value === null ? null : value + 5,
});

describe('trendChartOption', () => {
  const series = [day('2025-06-28', 50), day('2025-06-29', null), day('2025-06-30', 60)];
  const option = trendChartOption(series) as {
    series: { id: string; data: unknown[] }[];
    xAxis: { min: string; max: string };
  };

  it('draws every day of the morning line, a missing day as a gap', () => {
    const morning = option.series.find((s) => s.id === 'morning')!;
    expect(morning.data).toEqual([
      ['2025-06-28T12:00:00', 50],
      ['2025-06-29T12:00:00', null],
      ['2025-06-30T12:00:00', 60],
    ]);
  });

  it('draws the baseline line and the band under it, over exactly the days given', () => {
    const ids = option.series.map((s) => s.id);
    expect(ids).toEqual([`${NORMAL_RANGE_ID}-low`, NORMAL_RANGE_ID, BASELINE_ID, 'morning']);
    expect(option.series.find((s) => s.id === NORMAL_RANGE_ID)!.data).toEqual([
      ['2025-06-28T12:00:00', 10],
      ['2025-06-30T12:00:00', 10],
    ]);
    expect(option.xAxis).toMatchObject({ min: '2025-06-28T00:00:00', max: '2025-06-30T23:59:59' });
  });

  it('names the chart with its days', () => {
    expect(trendChartLabel(series)).toBe(
      'Line chart of your last 3 days: morning RMSSD on 2 days, the 7-day baseline on 2 days, ' +
        'the normal range on 2 days.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { NormalRangeDay } from '@resonant/contracts/reports';
import { BASELINE_ID, NORMAL_RANGE_ID } from '../../components/normal-range-series.ts';
import { SERIES } from './chart-settings.ts';
import {
  domainMetrics,
  historyChartLabel,
  historyChartOption,
  latestCv,
  legendItems,
  seriesId,
  yAxisScale,
  type HistoryLine,
} from './history-chart-option.ts';

type Series = {
  id: string;
  stack?: string;
  itemStyle?: { color: string };
  lineStyle?: { type?: string };
  data: (
    { value: [string, number]; symbol?: string; itemStyle?: { color: string } } | [string, number]
  )[];
};
type Option = { series: Series[]; yAxis: { max: number; interval: number } };

const timeMetrics = domainMetrics(
  'time',
  SERIES.map((series) => series.key),
);
const frequencyMetrics = domainMetrics(
  'frequency',
  SERIES.map((series) => series.key),
);

function line(userId: string, colour: string, rmssds: number[], hollowAt = -1): HistoryLine {
  return {
    userId,
    userName: `User ${userId}`,
    colour,
    points: rmssds.map((rmssd, index) => ({
      time: `2025-03-0${index + 1}T07:00:00.000Z`,
      values: { rmssd, minMax: rmssd + 10, sdnn: null, lf: 100, hf: 50, vlf: 10 },
      hollow: index === hollowAt,
      tooltip: [`RMSSD: ${rmssd}`],
    })),
  };
}

const option = (
  input: Partial<Parameters<typeof historyChartOption>[0]> & { lines: HistoryLine[] },
) =>
  historyChartOption({
    metrics: timeMetrics,
    hidden: new Set(),
    yAxisMax: 70,
    timeLabel: (iso) => iso,
    ...input,
  }) as unknown as Option;

const normalRange: NormalRangeDay[] = [
  { date: '2025-03-01', baseline: null, cv_percent: null, normal_low: null, normal_high: null },
  { date: '2025-03-02', baseline: 42, cv_percent: 4.5, normal_low: 38, normal_high: 47 },
  { date: '2025-03-03', baseline: 43, cv_percent: 5.25, normal_low: 38.5, normal_high: 47.5 },
];

describe('yAxisScale', () => {
  it('keeps the default maximum 70 with ticks every 10 while the data fit', () => {
    expect(yAxisScale(0, 70)).toEqual({ max: 70, interval: 10 });
    expect(yAxisScale(70, 70)).toEqual({ max: 70, interval: 10 });
    expect(yAxisScale(79.5, 70)).toEqual({ max: 80, interval: 10 });
  });

  it('grows with the data, choosing a nice interval so there are at most 8 ticks', () => {
    expect(yAxisScale(95, 70)).toEqual({ max: 100, interval: 20 });
    expect(yAxisScale(190, 70)).toEqual({ max: 200, interval: 25 });
    expect(yAxisScale(390, 70)).toEqual({ max: 400, interval: 50 });
    expect(yAxisScale(2345, 70)).toEqual({ max: 2500, interval: 500 });
    expect(yAxisScale(12_345, 70)).toEqual({ max: 14_000, interval: 2000 });
  });

  it('follows the maximum the settings ask for', () => {
    expect(yAxisScale(20, 50)).toEqual({ max: 50, interval: 10 });
    expect(yAxisScale(20, 150)).toEqual({ max: 160, interval: 20 });
  });
});

describe('historyChartOption', () => {
  it('draws a series per user and metric, in the user colour, metrics told apart by line style', () => {
    const result = option({ lines: [line('a', '#111111', [40, 50]), line('b', '#222222', [30])] });
    expect(result.series.map((series) => series.id)).toEqual([
      'a:rmssd',
      'a:minMax',
      'a:sdnn',
      'b:rmssd',
      'b:minMax',
      'b:sdnn',
    ]);
    expect(result.series.slice(0, 3).map((series) => series.itemStyle?.color)).toEqual([
      '#111111',
      '#111111',
      '#111111',
    ]);
    expect(result.series.slice(0, 3).map((series) => series.lineStyle?.type)).toEqual([
      'solid',
      'dashed',
      'dotted',
    ]);
    // SDNN is null at every point: no data, not zeros.
    expect(result.series[2]!.data).toEqual([]);
  });

  it('draws low-quality points hollow', () => {
    const result = option({ lines: [line('a', '#111111', [40, 50], 1)] });
    const [good, low] = result.series[0]!.data as {
      symbol?: string;
      itemStyle?: { color: string };
    }[];
    expect(good!.symbol).toBeUndefined();
    expect(low).toMatchObject({ symbol: 'emptyCircle', itemStyle: { color: '#fff' } });
  });

  it('leaves hidden series out and grows the y-axis only for what is shown', () => {
    const lines = [line('a', '#111111', [40, 65])];
    // MaxMin reaches 75, above 70.
    expect(option({ lines }).yAxis).toMatchObject({ max: 80, interval: 10 });
    const hidden = new Set([seriesId('a', 'minMax')]);
    const result = option({ lines, hidden });
    expect(result.series.map((series) => series.id)).toEqual(['a:rmssd', 'a:sdnn']);
    expect(result.yAxis).toMatchObject({ max: 70, interval: 10 });
  });

  it('draws the frequency domain on its own scale', () => {
    const result = option({ lines: [line('a', '#111111', [40])], metrics: frequencyMetrics });
    expect(result.series.map((series) => series.id)).toEqual(['a:lf', 'a:hf', 'a:vlf']);
    expect(result.yAxis).toMatchObject({ max: 100, interval: 20 });
  });

  it('draws the baseline and the normal-range band for one member only', () => {
    const one = option({ lines: [line('a', '#111111', [40])], normalRange });
    const ids = one.series.map((series) => series.id);
    expect(ids).toContain(BASELINE_ID);
    expect(ids).toContain(NORMAL_RANGE_ID);
    const low = one.series.find((series) => series.id === `${NORMAL_RANGE_ID}-low`)!;
    const width = one.series.find((series) => series.id === NORMAL_RANGE_ID)!;
    expect(low.stack).toBe(width.stack);
    expect(low.data).toEqual([
      ['2025-03-02T12:00:00', 38],
      ['2025-03-03T12:00:00', 38.5],
    ]);
    expect(width.data).toEqual([
      ['2025-03-02T12:00:00', 9],
      ['2025-03-03T12:00:00', 9],
    ]);
    expect(one.series.find((series) => series.id === BASELINE_ID)!.data).toEqual([
      ['2025-03-02T12:00:00', 42],
      ['2025-03-03T12:00:00', 43],
    ]);

    const two = option({
      lines: [line('a', '#111111', [40]), line('b', '#222222', [30])],
      normalRange,
    });
    expect(two.series.map((series) => series.id)).not.toContain(BASELINE_ID);
    const withoutRmssd = option({
      lines: [line('a', '#111111', [40])],
      metrics: timeMetrics.filter((metric) => metric.key !== 'rmssd'),
      normalRange,
    });
    expect(withoutRmssd.series.map((series) => series.id)).not.toContain(NORMAL_RANGE_ID);
  });
});

describe('legendItems and historyChartLabel', () => {
  it('lists every user metric, plus baseline and range for one member, and labels what is shown', () => {
    const lines = [line('a', '#111111', [40])];
    const items = legendItems(lines, timeMetrics, normalRange);
    expect(items.map((item) => item.label)).toEqual([
      'User a · RMSSD',
      'User a · MaxMin',
      'User a · SDNN',
      '7-day baseline',
      'Normal range',
    ]);
    expect(historyChartLabel('time', items, new Set(['a:sdnn', BASELINE_ID]))).toBe(
      'Time Domain line chart. Series shown: User a · RMSSD (1 point), User a · MaxMin (1 point), Normal range.',
    );
  });
});

describe('latestCv', () => {
  it('is the last day with a CV, or null', () => {
    expect(latestCv(normalRange)).toEqual({ date: '2025-03-03', cv: 5.25 });
    expect(latestCv(normalRange.slice(0, 1))).toBeNull();
  });
});

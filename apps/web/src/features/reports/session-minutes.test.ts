import { describe, expect, it } from 'vitest';
import { minuteLabel } from '../../lib/session-format.ts';
import type { SessionMinuteResult } from '@resonant/contracts/reports';
import {
  minuteValue,
  sessionMinutesLabel,
  sessionMinutesLegend,
  sessionMinutesOption,
} from './session-minutes.ts';

const minute = (
  countTime: number,
  rmssd: number | null,
  lf: number | null,
): SessionMinuteResult => ({
  countTime,
  timeDomain: {
    rmssd,
    minMax: 120,
    sdnn: 48,
    sdsd: null,
    mean_hr: 62,
    max_hr: 70,
    min_hr: 55,
    mean_nni: 970,
    median_nni: 965,
    range_nni: 300,
  },
  frequencyDomain: { lf, hf: 20, vlf: 5, total_power: 3000 },
});

const results = [minute(1, 40, 900), minute(2, 52.5, 1430), minute(3, null, 1200)];

type Option = {
  grid: { top: number; height: number }[];
  xAxis: { data: string[]; gridIndex: number }[];
  yAxis: { name: string; max: number; interval: number }[];
  series: { id: string; data: (number | null)[]; xAxisIndex: number; yAxisIndex: number }[];
};

describe('minuteLabel and minuteValue', () => {
  it("labels minutes from countTime: 'Minute 1', 'Minute 2', …", () => {
    expect(results.map(minuteLabel)).toEqual(['Minute 1', 'Minute 2', 'Minute 3']);
  });

  it('reads time-domain figures from timeDomain and powers from frequencyDomain', () => {
    expect(minuteValue(results[1]!, 'rmssd')).toBe(52.5);
    expect(minuteValue(results[1]!, 'minMax')).toBe(120);
    expect(minuteValue(results[1]!, 'sdnn')).toBe(48);
    expect(minuteValue(results[1]!, 'lf')).toBe(1430);
    expect(minuteValue(results[1]!, 'hf')).toBe(20);
    expect(minuteValue(results[1]!, 'vlf')).toBe(5);
    expect(minuteValue(results[2]!, 'rmssd')).toBeNull();
  });
});

describe('sessionMinutesOption', () => {
  it('draws each domain in its own panel, minutes on the x axis', () => {
    const option = sessionMinutesOption({
      results,
      series: ['rmssd', 'sdnn', 'lf'],
      hidden: new Set(),
      yAxisMax: 70,
      colour: '#1f77b4',
      height: 450,
    }) as Option;
    expect(option.xAxis.map((axis) => axis.data)).toEqual([
      ['Minute 1', 'Minute 2', 'Minute 3'],
      ['Minute 1', 'Minute 2', 'Minute 3'],
    ]);
    expect(option.yAxis.map((axis) => axis.name)).toEqual([
      'Time Domain (ms)',
      'Frequency Domain (ms²)',
    ]);
    expect(
      option.series.map((series) => [series.id, series.xAxisIndex, series.yAxisIndex]),
    ).toEqual([
      ['rmssd', 0, 0],
      ['sdnn', 0, 0],
      ['lf', 1, 1],
    ]);
    expect(option.series[0]!.data).toEqual([40, 52.5, null]);
    // The panels stack without overlapping and stay inside the chart.
    const [top, bottom] = option.grid;
    expect(top!.top + top!.height).toBeLessThan(bottom!.top);
    expect(bottom!.top + bottom!.height).toBeLessThanOrEqual(450);
  });

  it('keeps the y-axis maximum with ticks every 10 and grows it past the data', () => {
    const option = sessionMinutesOption({
      results,
      series: ['rmssd', 'lf'],
      hidden: new Set(),
      yAxisMax: 70,
      colour: '#1f77b4',
      height: 450,
    }) as Option;
    const [time, frequency] = option.yAxis;
    expect(time).toMatchObject({ max: 70, interval: 10 });
    // 1430 ms² is past 70: up to the data on a coarser tick, at most 8 ticks.
    expect(frequency!.max).toBeGreaterThanOrEqual(1430);
    expect(frequency!.max / frequency!.interval).toBeLessThanOrEqual(8);
  });

  it('leaves out a domain without shown series', () => {
    const option = sessionMinutesOption({
      results,
      series: ['hf'],
      hidden: new Set(),
      yAxisMax: 70,
      colour: '#1f77b4',
      height: 450,
    }) as Option;
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['Frequency Domain (ms²)']);
    expect(option.series.map((series) => series.id)).toEqual(['hf']);
    expect(option.series[0]!.data).toEqual([20, 20, 20]);
  });

  it('leaves out the series the legend hid, keeps their panel and scales to what is shown', () => {
    const option = sessionMinutesOption({
      results,
      series: ['rmssd', 'sdnn', 'lf'],
      hidden: new Set(['rmssd', 'lf']),
      yAxisMax: 10,
      colour: '#1f77b4',
      height: 450,
    }) as Option & { legend?: unknown };
    expect(option.series.map((series) => series.id)).toEqual(['sdnn']);
    expect(option.yAxis.map((axis) => axis.name)).toEqual([
      'Time Domain (ms)',
      'Frequency Domain (ms²)',
    ]);
    // SDNN's 48 sets the time axis (RMSSD's 52.5 is hidden); the empty frequency panel keeps 10.
    expect(option.yAxis[0]!.max).toBeGreaterThanOrEqual(48);
    expect(option.yAxis[0]!.max).toBeLessThan(52.5);
    expect(option.yAxis[1]).toMatchObject({ max: 10, interval: 10 });
    // The legend is HTML buttons above the chart, not drawn in the canvas.
    expect(option.legend).toBeUndefined();
  });
});

describe('sessionMinutesLegend', () => {
  it('has one item per shown series, with its unit, colour and line style', () => {
    expect(sessionMinutesLegend(['rmssd', 'sdnn', 'hf'], '#e8590c')).toEqual([
      { id: 'rmssd', label: 'RMSSD (ms)', colour: '#e8590c', lineType: 'solid' },
      { id: 'sdnn', label: 'SDNN (ms)', colour: '#e8590c', lineType: expect.any(String) },
      { id: 'hf', label: 'HighFrequency (ms²)', colour: '#e8590c', lineType: expect.any(String) },
    ]);
  });
});

describe('sessionMinutesLabel', () => {
  it('names the session, its minutes and the shown series', () => {
    expect(sessionMinutesLabel('Resonance', results, ['rmssd', 'lf'], new Set())).toBe(
      'Per-minute line chart of Resonance, Minute 1 to Minute 3. Series shown: RMSSD, LowFrequency.',
    );
  });

  it('leaves out the series the legend hid', () => {
    expect(sessionMinutesLabel('Resonance', results, ['rmssd', 'lf'], new Set(['rmssd']))).toBe(
      'Per-minute line chart of Resonance, Minute 1 to Minute 3. Series shown: LowFrequency.',
    );
    expect(sessionMinutesLabel('Resonance', results, ['rmssd'], new Set(['rmssd']))).toBe(
      'Per-minute line chart of Resonance, Minute 1 to Minute 3. Series shown: none.',
    );
  });
});

import type { ChartDataGroupBy, ReadingTakenTime } from '@resonant/contracts/reports';

/** A metric the history charts can draw. */
export type SeriesKey = 'rmssd' | 'minMax' | 'sdnn' | 'lf' | 'hf' | 'vlf';

/** What the chart customisation dialog sets. */
export type ChartSettings = {
  series: SeriesKey[];
  yAxisMax: number;
  readingTakenTime: ReadingTakenTime;
  groupBy: ChartDataGroupBy;
};

/** SPEC §9: the y-axis goes up to 70 by default, ticks every 10. */
const DEFAULT_Y_AXIS_MAX = 70;
export const Y_AXIS_TICK = 10;

/** The metrics in order, with the names the charts and the dialog show (SPEC §2). */
export const SERIES: readonly { key: SeriesKey; name: string; domain: 'time' | 'frequency' }[] = [
  { key: 'rmssd', name: 'RMSSD', domain: 'time' },
  { key: 'minMax', name: 'MaxMin', domain: 'time' },
  { key: 'sdnn', name: 'SDNN', domain: 'time' },
  { key: 'lf', name: 'LowFrequency', domain: 'frequency' },
  { key: 'hf', name: 'HighFrequency', domain: 'frequency' },
  { key: 'vlf', name: 'VeryLowFrequency', domain: 'frequency' },
];

/** SPEC §9 defaults: every series, y-axis up to 70, the whole day, every reading. */
export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  series: SERIES.map((series) => series.key),
  yAxisMax: DEFAULT_Y_AXIS_MAX,
  readingTakenTime: 'whole_day',
  groupBy: 'distinct',
};

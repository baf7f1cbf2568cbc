import type { NormalRangeDay } from '@resonant/contracts/reports';
import type { EChartOption } from '../../components/echart.tsx';
import {
  BASELINE_COLOUR,
  BASELINE_ID,
  NORMAL_RANGE_ID,
  normalRangeSeries,
} from '../../components/normal-range-series.ts';
import { SERIES, Y_AXIS_TICK, type SeriesKey } from './chart-settings.ts';
import { DIMMED } from '../../lib/text-colours.ts';

/** One point of a history line: a reading (or a day's mean, or a session). */
export type HistoryPoint = {
  /** ISO date-time. */
  time: string;
  values: Partial<Record<SeriesKey, number | null>>;
  /** Low quality: drawn hollow. */
  hollow: boolean;
  /** The tooltip's lines after the time: tags, values. */
  tooltip: string[];
};

/** One user's points, drawn in the user's colour. */
export type HistoryLine = {
  userId: string;
  userName: string;
  colour: string;
  points: HistoryPoint[];
};

/** The two history charts of SPEC §2. */
export type HistoryDomain = 'time' | 'frequency';

export const DOMAIN_TITLES: Record<HistoryDomain, string> = {
  time: 'Time Domain',
  frequency: 'Frequency Domain',
};

/** SPEC §9: every history chart but the optimal-zone one is 450 px high. */
export const HISTORY_CHART_HEIGHT = 450;

/** A chart keeps at most this many ticks; past it the interval grows to a nicer one. */
const MAX_TICKS = 8;
const NICE_STEPS = [1, 2, 2.5, 5];

/**
 * The y-axis of a history chart (SPEC §9): up to `settingsMax` with ticks every 10; when data go
 * higher (or the maximum asks for more than 8 ticks), up to the data with the smallest interval of
 * 10, 20, 25, 50, 100, … that keeps 8 ticks at most, the maximum rounded up to a tick.
 */
export function yAxisScale(
  dataMax: number,
  settingsMax: number,
): { max: number; interval: number } {
  const target = Math.max(settingsMax, Number.isFinite(dataMax) ? dataMax : 0, Y_AXIS_TICK);
  let interval = Y_AXIS_TICK;
  for (let magnitude = Y_AXIS_TICK; target / interval > MAX_TICKS; magnitude *= 10) {
    const step = NICE_STEPS.map((nice) => nice * magnitude).find((s) => target / s <= MAX_TICKS);
    interval = step ?? magnitude * 10;
  }
  return { max: Math.ceil(target / interval) * interval, interval };
}

/** How each metric of a chart is told apart within a user's colour. */
const METRIC_LOOKS = [
  { lineType: 'solid', symbol: 'circle', hollow: 'emptyCircle' },
  { lineType: 'dashed', symbol: 'triangle', hollow: 'emptyTriangle' },
  { lineType: 'dotted', symbol: 'diamond', hollow: 'emptyDiamond' },
] as const;

/** The look of a metric in its chart (its index among the chart's three). */
export function metricLook(key: SeriesKey) {
  const domain = SERIES.find((series) => series.key === key)!.domain;
  const index = SERIES.filter((series) => series.domain === domain).findIndex((s) => s.key === key);
  return METRIC_LOOKS[index]!;
}

/** The metrics of a domain that the settings show, in order. */
export function domainMetrics(domain: HistoryDomain, shown: readonly SeriesKey[]) {
  return SERIES.filter((series) => series.domain === domain && shown.includes(series.key));
}

/** A legend item: one user's metric, or a normal-range item. */
export type LegendItem = {
  id: string;
  label: string;
  colour: string;
  lineType: 'solid' | 'dashed' | 'dotted';
  /** Drawn as a band rather than a line. */
  band?: boolean;
  /** How many points a user's metric has (for the chart's accessible name). */
  points?: number;
};

/** The id of a user's metric series (the legend's and the hidden set's key). */
export const seriesId = (userId: string, key: SeriesKey) => `${userId}:${key}`;

/** The normal range is drawn when it is given, for one member, on a chart showing RMSSD. */
export function showsNormalRange(
  lines: readonly HistoryLine[],
  metrics: readonly { key: SeriesKey }[],
  normalRange: readonly NormalRangeDay[] | undefined,
): normalRange is readonly NormalRangeDay[] {
  return (
    normalRange !== undefined &&
    lines.length === 1 &&
    metrics.some((metric) => metric.key === 'rmssd')
  );
}

/** Past this many points a line's symbols are drawn smaller. */
const DENSE_POINTS = 120;

/** The legend of a chart: every user's metrics, then (one member, RMSSD) baseline and range. */
export function legendItems(
  lines: readonly HistoryLine[],
  metrics: readonly { key: SeriesKey; name: string }[],
  normalRange?: readonly NormalRangeDay[],
): LegendItem[] {
  const items: LegendItem[] = lines.flatMap((line) =>
    metrics.map((metric) => ({
      id: seriesId(line.userId, metric.key),
      label: `${line.userName} · ${metric.name}`,
      colour: line.colour,
      lineType: metricLook(metric.key).lineType,
      points: line.points.filter((point) => typeof point.values[metric.key] === 'number').length,
    })),
  );
  if (showsNormalRange(lines, metrics, normalRange)) {
    items.push(
      { id: BASELINE_ID, label: '7-day baseline', colour: BASELINE_COLOUR, lineType: 'solid' },
      {
        id: NORMAL_RANGE_ID,
        label: 'Normal range',
        colour: lines[0]!.colour,
        lineType: 'solid',
        band: true,
      },
    );
  }
  return items;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type OptionInput = {
  lines: readonly HistoryLine[];
  metrics: readonly { key: SeriesKey; name: string }[];
  /** Ids of the legend items switched off. */
  hidden: ReadonlySet<string>;
  yAxisMax: number;
  normalRange?: readonly NormalRangeDay[] | undefined;
  /** Tooltips on a narrow screen stay inside the chart. */
  timeLabel: (iso: string) => string;
};

/** Chart series with their points' tooltip lines (one list per point) and their highest value. */
type SeriesPart = {
  series: Record<string, unknown>[];
  tooltips: string[][][];
  dataMax: number;
};

/**
 * A history chart: a line per user and metric on a time axis, the user's colour, the metric's line
 * style and symbol, low-quality points hollow; the y-axis as yAxisScale says. For a single member
 * showing RMSSD, the 7-day baseline line and the normal-range band (a stacked area between
 * normal_low and normal_high).
 */
export function historyChartOption({
  lines,
  metrics,
  hidden,
  yAxisMax,
  normalRange,
  timeLabel,
}: OptionInput): EChartOption {
  const parts = lines.flatMap((line) =>
    metrics
      .filter((metric) => !hidden.has(seriesId(line.userId, metric.key)))
      .map((metric) => memberSeries(line, metric, timeLabel)),
  );
  if (showsNormalRange(lines, metrics, normalRange)) {
    const band = normalRangeSeries(normalRange, lines[0]!.colour, hidden);
    // Neither the band nor the baseline has tooltips: the points of the member's own line do.
    parts.push({ ...band, tooltips: band.series.map(() => []) });
  }
  const tooltips = parts.flatMap((part) => part.tooltips);
  const dataMax = Math.max(0, ...parts.map((part) => part.dataMax));
  const { max, interval } = yAxisScale(dataMax, yAxisMax);
  return {
    animationDuration: 300,
    grid: {
      left: 8,
      right: 16,
      top: 16,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { seriesIndex?: number; dataIndex?: number }) =>
        (tooltips[params.seriesIndex ?? -1]?.[params.dataIndex ?? -1] ?? []).join('<br/>'),
    },
    xAxis: {
      type: 'time',
      axisLabel: { color: DIMMED, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max,
      interval,
      axisLabel: { color: DIMMED },
      splitLine: { lineStyle: { color: '#e9ecef' } },
    },
    series: parts.flatMap((part) => part.series),
  };
}

/** One user's line of one metric, its points' tooltips naming the user and the time. */
function memberSeries(
  line: HistoryLine,
  metric: OptionInput['metrics'][number],
  timeLabel: OptionInput['timeLabel'],
): SeriesPart {
  const look = metricLook(metric.key);
  const points = line.points.filter((point) => typeof point.values[metric.key] === 'number');
  const texts: string[][] = [];
  let dataMax = 0;
  const data = points.map((point) => {
    const value = point.values[metric.key] as number;
    dataMax = Math.max(dataMax, value);
    texts.push([
      `<strong>${escapeHtml(line.userName)}</strong> · ${escapeHtml(timeLabel(point.time))}`,
      ...point.tooltip.map(escapeHtml),
    ]);
    return point.hollow
      ? {
          value: [point.time, value],
          symbol: look.hollow,
          itemStyle: { color: '#fff', borderColor: line.colour, borderWidth: 2 },
        }
      : { value: [point.time, value] };
  });
  const series = {
    id: seriesId(line.userId, metric.key),
    name: `${line.userName} ${metric.name}`,
    type: 'line',
    data,
    symbol: look.symbol,
    // Months of daily readings would be a wall of large symbols.
    symbolSize: data.length > DENSE_POINTS ? 5 : 7,
    showSymbol: true,
    connectNulls: true,
    itemStyle: { color: line.colour },
    lineStyle: { color: line.colour, type: look.lineType, width: 2 },
    emphasis: { focus: 'series' },
    z: 3,
  };
  return { series: [series], tooltips: [texts], dataMax };
}

/** The chart's accessible name: what it is and the series it shows, with their points. */
export function historyChartLabel(
  domain: HistoryDomain,
  items: readonly LegendItem[],
  hidden: ReadonlySet<string>,
): string {
  const shown = items
    .filter((item) => !hidden.has(item.id))
    .map((item) =>
      item.points === undefined
        ? item.label
        : `${item.label} (${item.points} ${item.points === 1 ? 'point' : 'points'})`,
    );
  return `${DOMAIN_TITLES[domain]} line chart. Series shown: ${shown.length > 0 ? shown.join(', ') : 'none'}.`;
}

/** The latest day with a 7-day CV, for the note under a single member's chart. */
export function latestCv(
  normalRange: readonly NormalRangeDay[],
): { date: string; cv: number } | null {
  for (let index = normalRange.length - 1; index >= 0; index -= 1) {
    const day = normalRange[index]!;
    if (day.cv_percent !== null) return { date: day.date, cv: day.cv_percent };
  }
  return null;
}

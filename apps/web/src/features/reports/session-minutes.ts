import type { SessionMinuteResult } from '@resonant/contracts/reports';
import type { EChartOption } from '../../components/echart.tsx';
import type { SeriesKey } from './chart-settings.ts';
import {
  DOMAIN_TITLES,
  domainMetrics,
  metricLook,
  yAxisScale,
  type HistoryDomain,
  type LegendItem,
} from './history-chart-option.ts';
import { minuteLabel } from '../../lib/session-format.ts';
import { DIMMED } from '../../lib/text-colours.ts';

/** One figure of a minute: time-domain ones in ms, frequency-domain powers in ms². */
export function minuteValue(result: SessionMinuteResult, key: SeriesKey): number | null {
  switch (key) {
    case 'rmssd':
      return result.timeDomain.rmssd;
    case 'minMax':
      return result.timeDomain.minMax;
    case 'sdnn':
      return result.timeDomain.sdnn;
    default:
      return result.frequencyDomain[key];
  }
}

const UNITS: Record<HistoryDomain, string> = { time: 'ms', frequency: 'ms²' };
const AXIS_TEXT = DIMMED;
const SPLIT_LINE = '#e9ecef';
/** Room above the first panel for its y-axis name (the legend is HTML, above the chart). */
const TOP_SPACE = 24;
const X_LABELS_HEIGHT = 28;
const PANEL_GAP = 44;

type MinutesOptionInput = {
  results: readonly SessionMinuteResult[];
  series: readonly SeriesKey[];
  /** Series the legend switched off (by key). */
  hidden: ReadonlySet<string>;
  yAxisMax: number;
  /** The member's colour; metrics differ by line style and symbol, as in the history charts. */
  colour: string;
  /** The chart's height in px, shared by its panels. */
  height: number;
};

/**
 * A session's minutes: one panel per domain with shown series (Time Domain in ms above, Frequency
 * Domain in ms² below), 'Minute N' on the x axis, each y-axis as the history charts scale it
 * (SPEC §9: the settings' maximum with ticks every 10, growing when the data exceed it). Series
 * the HTML legend switched off are left out; their panel stays, so the chart does not jump.
 */
export function sessionMinutesOption({
  results,
  series,
  hidden,
  yAxisMax,
  colour,
  height,
}: MinutesOptionInput): EChartOption {
  const labels = results.map(minuteLabel);
  const panels = (['time', 'frequency'] as const)
    .map((domain) => ({ domain, metrics: domainMetrics(domain, series) }))
    .filter((panel) => panel.metrics.length > 0);
  const plotHeight =
    (height - TOP_SPACE - panels.length * X_LABELS_HEIGHT - (panels.length - 1) * PANEL_GAP) /
    Math.max(1, panels.length);

  return {
    animationDuration: 300,
    tooltip: { trigger: 'axis', confine: true },
    grid: panels.map((_, index) => ({
      left: 8,
      right: 16,
      top: TOP_SPACE + index * (plotHeight + X_LABELS_HEIGHT + PANEL_GAP) + 16,
      height: plotHeight - 16,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    })),
    xAxis: panels.map((_, index) => ({
      type: 'category',
      gridIndex: index,
      data: labels,
      axisLabel: { color: AXIS_TEXT, hideOverlap: true },
      axisTick: { alignWithLabel: true },
    })),
    yAxis: panels.map(({ domain, metrics }, index) => {
      const shown = metrics.filter((metric) => !hidden.has(metric.key));
      const values = shown.flatMap((metric) =>
        results.map((result) => minuteValue(result, metric.key) ?? 0),
      );
      const { max, interval } = yAxisScale(Math.max(0, ...values), yAxisMax);
      return {
        type: 'value',
        gridIndex: index,
        name: `${DOMAIN_TITLES[domain]} (${UNITS[domain]})`,
        nameLocation: 'end',
        nameTextStyle: { color: AXIS_TEXT, align: 'left' },
        min: 0,
        max,
        interval,
        axisLabel: { color: AXIS_TEXT },
        splitLine: { lineStyle: { color: SPLIT_LINE } },
      };
    }),
    series: panels.flatMap(({ domain, metrics }, index) =>
      metrics
        .filter((metric) => !hidden.has(metric.key))
        .map((metric) => {
          const look = metricLook(metric.key);
          return {
            id: metric.key,
            name: metric.name,
            type: 'line',
            xAxisIndex: index,
            yAxisIndex: index,
            data: results.map((result) => minuteValue(result, metric.key)),
            symbol: look.symbol,
            symbolSize: 7,
            connectNulls: true,
            itemStyle: { color: colour },
            lineStyle: { color: colour, type: look.lineType, width: 2 },
            tooltip: {
              valueFormatter: (value: unknown) =>
                typeof value === 'number' ? `${value.toFixed(1)} ${UNITS[domain]}` : '—',
            },
          };
        }),
    ),
  };
}

/** The legend's items: one per shown series, in the member's colour with the metric's line. */
export function sessionMinutesLegend(series: readonly SeriesKey[], colour: string): LegendItem[] {
  return (['time', 'frequency'] as const).flatMap((domain) =>
    domainMetrics(domain, series).map((metric) => ({
      id: metric.key,
      label: `${metric.name} (${UNITS[domain]})`,
      colour,
      lineType: metricLook(metric.key).lineType,
    })),
  );
}

/** The chart's accessible name: the session, its minutes and the series the legend shows. */
export function sessionMinutesLabel(
  sessionName: string,
  results: readonly SessionMinuteResult[],
  series: readonly SeriesKey[],
  hidden: ReadonlySet<string>,
): string {
  const names = (['time', 'frequency'] as const).flatMap((domain) =>
    domainMetrics(domain, series)
      .filter((metric) => !hidden.has(metric.key))
      .map((metric) => metric.name),
  );
  const span =
    results.length > 0
      ? `${minuteLabel(results[0]!)} to ${minuteLabel(results.at(-1)!)}`
      : 'no minutes';
  return `Per-minute line chart of ${sessionName}, ${span}. Series shown: ${names.length > 0 ? names.join(', ') : 'none'}.`;
}

import type { RawSessionData } from '@resonant/contracts/reports';
import type { EChartOption } from './echart.tsx';
import { formatCount } from '../lib/number-format.ts';

/** SPEC §9: the optimal-zone chart is 300 px high, on a 0–100 axis with the 80–100 band marked. */
export const OZ_CHART_HEIGHT = 300;
const OZ_AXIS = { min: 0, max: 100 } as const;
const OZ_BAND = { from: 80, to: 100 } as const;

/** The band's span ("80–100"), named on the chart and in the caption under it. */
export const OZ_BAND_SPAN = `${OZ_BAND.from}–${OZ_BAND.to}`;
const OZ_BAND_LABEL = `Optimal zone ${OZ_BAND_SPAN}`;

const LINE_COLOUR = '#0f766e';
const BAND_COLOUR = 'rgba(45, 212, 191, 0.22)';
const AXIS_TEXT = '#495057';
const SPLIT_LINE = '#e9ecef';

/** A session's samples as [x, score]: biofeedback on its seconds, mindfulness by sample number. */
export type OzPoint = [number, number];

/**
 * The points of a session's raw samples: biofeedback `{oz, ts}` at `ts` seconds from the start;
 * mindfulness plain scores numbered from 1 (the app sends no times for them).
 */
export function ozPoints(raw: Pick<RawSessionData, 'oz_values'>): OzPoint[] {
  return raw.oz_values.map((sample, index): OzPoint =>
    typeof sample === 'number' ? [index + 1, sample] : [sample.ts, sample.oz],
  );
}

/** Whether the samples run on seconds (biofeedback) rather than sample numbers (mindfulness). */
function onSeconds(raw: Pick<RawSessionData, 'oz_values'>): boolean {
  return raw.oz_values.some((sample) => typeof sample !== 'number');
}

/**
 * The optimal-zone chart of one session: its samples as a line on a fixed 0–100 axis, the
 * 80–100 band shaded and named (SPEC §9), the x axis in seconds or sample numbers.
 */
export function sessionOzChartOption(raw: Pick<RawSessionData, 'oz_values'>): EChartOption {
  const seconds = onSeconds(raw);
  return {
    animation: false,
    grid: { left: 48, right: 20, top: 24, bottom: 52 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : ''),
    },
    xAxis: {
      type: 'value',
      name: seconds ? 'Seconds' : 'Sample',
      nameLocation: 'middle',
      nameGap: 30,
      min: 'dataMin',
      max: 'dataMax',
      axisLabel: { color: AXIS_TEXT },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: OZ_AXIS.min,
      max: OZ_AXIS.max,
      interval: 20,
      axisLabel: { color: AXIS_TEXT },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    series: [
      {
        type: 'line',
        name: 'Optimal zone score',
        data: ozPoints(raw),
        showSymbol: false,
        lineStyle: { color: LINE_COLOUR, width: 2 },
        itemStyle: { color: LINE_COLOUR },
        markArea: {
          silent: true,
          itemStyle: { color: BAND_COLOUR },
          label: {
            show: true,
            position: 'insideTopRight',
            color: AXIS_TEXT,
            formatter: OZ_BAND_LABEL,
          },
          data: [[{ yAxis: OZ_BAND.from }, { yAxis: OZ_BAND.to }]],
        },
      },
    ],
  };
}

/** The chart's accessible name: what it shows, how many samples, and the marked band. */
export function sessionOzChartLabel(
  sessionName: string,
  raw: Pick<RawSessionData, 'oz_values'>,
): string {
  const count = raw.oz_values.length;
  const unit = count === 1 ? 'sample' : 'samples';
  return (
    `Optimal zone of ${sessionName}: ${formatCount(count)} ${unit} on a ` +
    `${OZ_AXIS.min}–${OZ_AXIS.max} scale; the band ${OZ_BAND.from}–${OZ_BAND.to} is marked`
  );
}

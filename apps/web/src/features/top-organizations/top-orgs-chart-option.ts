import type { TopOrgRow } from '@resonant/contracts/top-organizations';
import type { EChartOption } from '../../components/echart.tsx';
import { abbreviate, formatCount } from '../../lib/number-format.ts';
import { DIMMED } from '../../lib/text-colours.ts';

/**
 * The chart's fixed palette (SPEC §9: top-org chart colours and legend palettes are fixed): one
 * colour per series, always the same whatever the range, page or hidden series. Okabe–Ito hues,
 * told apart with the common colour-vision deficiencies; the two kinds of reading share blue.
 */
export const TOP_ORGS_PALETTE = [
  '#D55E00', // active users
  '#0072B2', // morning readings
  '#56B4E9', // anytime readings
  '#009E73', // biofeedback
  '#CC79A7', // mindfulness
  '#E69F00', // self-compassion
] as const;

type FigureKey = Exclude<keyof TopOrgRow, 'org_id' | 'org_name' | 'total_users' | 'total_readings'>;

/** The series in legend order; each takes the palette colour at its index. */
export const TOP_ORGS_SERIES: readonly { key: FigureKey; name: string }[] = [
  { key: 'total_users_active', name: 'Active users' },
  { key: 'morning_readings', name: 'Morning readings' },
  { key: 'anytime_readings', name: 'Anytime readings' },
  { key: 'exercise_sessions', name: 'Biofeedback' },
  { key: 'mindfulness_sessions', name: 'Mindfulness' },
  { key: 'plan_sessions', name: 'Self-compassion' },
];

/** The chart draws at most this many organisations: the first ones of the table's page. */
export const CHART_MAX_ORGS = 10;

const AXIS_TEXT = '#495057';
const DIM_TEXT = DIMMED;
const SPLIT_LINE = '#e9ecef';

/** How the chart is laid out for its width. */
export type ChartLayout = { narrow: boolean };

/** Space above the plot: the legend wraps onto more lines on a phone, then the top axis. */
const legendHeight = ({ narrow }: ChartLayout) => (narrow ? 76 : 32);
const ROW_HEIGHT = 46;
const AXES_HEIGHT = 96;

/** The chart's height for `orgs` organisations: one band of two bars each. */
export function topOrgsChartHeight(orgs: number, layout: ChartLayout): number {
  return legendHeight(layout) + AXES_HEIGHT + Math.max(1, orgs) * ROW_HEIGHT;
}

const countOf = (value: unknown) => formatCount(typeof value === 'number' ? value : 0);

/**
 * Horizontal bars, one band per organisation in the table's order (first on top, long names cut
 * short with the full name in the tooltip): its active users on the top axis, and its readings
 * and sessions stacked by kind on the bottom axis. Legend items toggle series.
 */
export function topOrgsChartOption(rows: readonly TopOrgRow[], layout: ChartLayout): EChartOption {
  const shown = rows.slice(0, CHART_MAX_ORGS);
  const [usersSeries, ...recordingSeries] = TOP_ORGS_SERIES;
  const valueAxis = (name: string, position: 'top' | 'bottom', color: string) => ({
    type: 'value',
    position,
    name,
    nameLocation: 'middle',
    nameGap: 26,
    nameTextStyle: { color, fontWeight: 600 },
    minInterval: 1,
    axisLabel: { color: DIM_TEXT, formatter: (value: number) => abbreviate(value) },
    splitLine: { show: position === 'bottom', lineStyle: { color: SPLIT_LINE } },
  });
  return {
    animationDuration: 400,
    color: [...TOP_ORGS_PALETTE],
    legend: {
      top: 0,
      left: 'center',
      itemGap: layout.narrow ? 10 : 18,
      itemWidth: 14,
      itemHeight: 10,
      textStyle: { color: AXIS_TEXT },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      valueFormatter: countOf,
    },
    // Axis labels and names stay inside the chart's box, however long the names are.
    grid: {
      left: 8,
      right: layout.narrow ? 12 : 24,
      top: legendHeight(layout),
      bottom: 4,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    xAxis: [
      valueAxis('Readings and sessions', 'bottom', AXIS_TEXT),
      valueAxis(usersSeries!.name, 'top', TOP_ORGS_PALETTE[0]),
    ],
    yAxis: {
      type: 'category',
      inverse: true,
      data: shown.map((row) => row.org_name),
      axisTick: { show: false },
      axisLabel: {
        color: AXIS_TEXT,
        width: layout.narrow ? 92 : 180,
        overflow: 'truncate',
        ellipsis: '…',
      },
    },
    series: [
      {
        type: 'bar',
        name: usersSeries!.name,
        xAxisIndex: 1,
        data: shown.map((row) => row[usersSeries!.key]),
        itemStyle: { color: TOP_ORGS_PALETTE[0], borderRadius: [0, 3, 3, 0] },
        barMaxWidth: 16,
      },
      ...recordingSeries.map((series, index) => ({
        type: 'bar',
        name: series.name,
        stack: 'recordings',
        xAxisIndex: 0,
        data: shown.map((row) => row[series.key]),
        itemStyle: { color: TOP_ORGS_PALETTE[index + 1] },
        barMaxWidth: 16,
      })),
    ],
  };
}

/** The chart's accessible name: every organisation it draws with its figures. */
export function topOrgsChartLabel(rows: readonly TopOrgRow[]): string {
  const shown = rows.slice(0, CHART_MAX_ORGS);
  const orgs = shown.map(
    (row) =>
      `${row.org_name}: ${TOP_ORGS_SERIES.map((series) => `${series.name} ${formatCount(row[series.key])}`).join(', ')}`,
  );
  return `Bar chart of the organizations' activity. ${orgs.join('; ')}`;
}

import type { MyDashboardDay } from '@resonant/contracts/my-dashboard';
import type { EChartOption } from '../../components/echart.tsx';
import { dayNoon, formatDay, normalRangeSeries } from '../../components/normal-range-series.ts';
import { formatMs } from '../../lib/hrv-format.ts';
import { DIMMED } from '../../lib/text-colours.ts';

/** The member's own line and band: the app's blue, 4.9:1 on white. */
export const MORNING_COLOUR = '#1971c2';

/**
 * The 90-day chart: the day's morning RMSSD as points joined by a line, the 7-day baseline line
 * and the normal-range band under it (shared with the reports), on a time axis of exactly the 90
 * days, the y-axis from 0.
 */
export function trendChartOption(series: readonly MyDashboardDay[]): EChartOption {
  const band = normalRangeSeries(series, MORNING_COLOUR);
  const first = series[0]?.date;
  const last = series.at(-1)?.date;
  return {
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 16, bottom: 8, outerBoundsMode: 'same' },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { value?: [string, number] }) => {
        const [time, value] = params.value ?? ['', null];
        return `${formatDay(time.slice(0, 10))}<br/>Morning: ${formatMs(value)}`;
      },
    },
    xAxis: {
      type: 'time',
      min: first ? `${first}T00:00:00` : undefined,
      max: last ? `${last}T23:59:59` : undefined,
      axisLabel: { color: DIMMED, hideOverlap: true, formatter: '{MMM} {d}' },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      axisLabel: { color: DIMMED },
      splitLine: { lineStyle: { color: '#e9ecef' } },
    },
    series: [
      ...band.series,
      {
        id: 'morning',
        name: 'Morning RMSSD',
        type: 'line',
        // Every day, so a gap of days without a reading is a gap in the line.
        data: series.map((day) => [dayNoon(day.date), day.morning_rmssd]),
        symbol: 'circle',
        symbolSize: 6,
        connectNulls: false,
        itemStyle: { color: MORNING_COLOUR },
        lineStyle: { color: MORNING_COLOUR, width: 1.5, opacity: 0.6 },
        z: 3,
      },
    ],
  };
}

/** The chart in words for screen readers: what it shows and on how many days. */
export function trendChartLabel(series: readonly MyDashboardDay[]): string {
  const count = (has: (day: MyDashboardDay) => boolean) => series.filter(has).length;
  const mornings = count((day) => day.morning_rmssd !== null);
  const baseline = count((day) => day.baseline !== null);
  const range = count((day) => day.normal_low !== null);
  return (
    `Line chart of your last ${series.length} days: morning RMSSD on ${mornings} days, ` +
    `the 7-day baseline on ${baseline} days, the normal range on ${range} days.`
  );
}

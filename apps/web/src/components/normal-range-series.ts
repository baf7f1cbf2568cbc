import { formatDate } from '../lib/hrv-format.ts';

/** The ids of the two normal-range items of a single member's RMSSD (series and legend). */
export const BASELINE_ID = 'baseline';
export const NORMAL_RANGE_ID = 'normal-range';

export const BASELINE_COLOUR = '#343a40';

/** A day of a member's baseline and normal range in ms (null where not computable). */
type NormalRangeBandDay = {
  /** YYYY-MM-DD. */
  date: string;
  baseline: number | null;
  normal_low: number | null;
  normal_high: number | null;
};

/** ECharts parses a zone-less date-time as local: a normal-range day sits at its noon. */
export const dayNoon = (day: string) => `${day}T12:00:00`;

/** A normal-range day as the page shows it ("Jun 8, 2025"). */
export const formatDay = (day: string) => formatDate(dayNoon(day));

/**
 * A single member's normal-range band and 7-day baseline on a time axis, each unless `hidden`
 * holds its id, and the highest value they reach (for the y-axis). Neither has tooltips or
 * symbols: the member's own points carry them. Shared by the reports' history chart and the
 * member's dashboard.
 */
export function normalRangeSeries(
  normalRange: readonly NormalRangeBandDay[],
  colour: string,
  hidden: ReadonlySet<string> = new Set(),
): { series: Record<string, unknown>[]; dataMax: number } {
  const series: Record<string, unknown>[] = [];
  let dataMax = 0;
  const silent = { symbol: 'none', silent: true, tooltip: { show: false } };
  if (!hidden.has(NORMAL_RANGE_ID)) {
    const days = normalRange.filter((day) => day.normal_low !== null && day.normal_high !== null);
    for (const day of days) dataMax = Math.max(dataMax, day.normal_high!);
    // The band: an invisible line at normal_low with the range's width stacked on it, filled.
    const band = { name: 'Normal range', type: 'line', stack: NORMAL_RANGE_ID, z: 1 };
    series.push(
      {
        id: `${NORMAL_RANGE_ID}-low`,
        ...band,
        data: days.map((day) => [dayNoon(day.date), day.normal_low]),
        lineStyle: { opacity: 0 },
        ...silent,
      },
      {
        id: NORMAL_RANGE_ID,
        ...band,
        data: days.map((day) => [dayNoon(day.date), day.normal_high! - day.normal_low!]),
        lineStyle: { opacity: 0 },
        areaStyle: { color: colour, opacity: 0.25 },
        ...silent,
      },
    );
  }
  if (!hidden.has(BASELINE_ID)) {
    const days = normalRange.filter((day) => day.baseline !== null);
    for (const day of days) dataMax = Math.max(dataMax, day.baseline!);
    series.push({
      id: BASELINE_ID,
      name: '7-day baseline',
      type: 'line',
      data: days.map((day) => [dayNoon(day.date), day.baseline]),
      lineStyle: { color: BASELINE_COLOUR, width: 2 },
      itemStyle: { color: BASELINE_COLOUR },
      z: 2,
      ...silent,
    });
  }
  return { series, dataMax };
}

import type { DataColumn } from '../../../components/data-table.tsx';
import { formatMetric } from '../../../lib/hrv-format.ts';
import { TrendArrow } from './trend-arrow.tsx';

type Averages = {
  latest_avg_rmssd: number | null;
  previous_avg_rmssd: number | null;
  yesterday_avg_rmssd: number | null;
  last_week_avg_rmssd: number | null;
  last_month_avg_rmssd: number | null;
  all_time_avg_rmssd: number | null;
  trending: boolean | null;
};

type AverageKey = Exclude<keyof Averages, 'trending'>;

/** A right-aligned RMSSD column (ms, one decimal, '—' when missing). */
export function averageColumn<Row extends Averages>(
  key: AverageKey,
  header: string,
): DataColumn<Row> {
  return {
    key,
    header,
    noWrap: true,
    numeric: true,
    render: (row) => formatMetric(row[key]),
  };
}

/** The Trend column: an arrow per SPEC §3 Trending. */
export function trendColumn<Row extends Averages>(): DataColumn<Row> {
  return {
    key: 'trend',
    header: 'Trend',
    noWrap: true,
    width: 72,
    render: (row) => <TrendArrow trending={row.trending} />,
  };
}

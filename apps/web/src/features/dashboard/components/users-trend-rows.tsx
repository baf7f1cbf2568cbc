import { Text } from '@mantine/core';
import type { UserTrendRow } from '@resonant/contracts/analytics';
import type { DataColumn } from '../../../components/data-table.tsx';
import { textColumn } from '../../../components/text-column.tsx';
import { formatDateTime, formatMetric } from '../../../lib/hrv-format.ts';
import { averageColumn, trendColumn } from './trend-columns.tsx';
import { TrendRows, type TrendRowsProps } from './trend-rows.tsx';

const COLUMNS: DataColumn<UserTrendRow>[] = [
  trendColumn(),
  {
    key: 'name',
    header: 'Name',
    noWrap: true,
    sortable: true,
    render: (row) => (
      <Text size="sm" fw={600}>
        {row.first_name} {row.last_name}
      </Text>
    ),
  },
  textColumn('last_reading_at', 'Last reading', (row) => formatDateTime(row.last_reading_at), {
    sortable: true,
  }),
  {
    key: 'population_avg_hrv',
    header: 'Population average',
    noWrap: true,
    numeric: true,
    render: (row) => formatMetric(row.population_avg_hrv),
  },
  averageColumn('latest_avg_rmssd', 'Latest'),
  averageColumn('yesterday_avg_rmssd', 'Yesterday'),
  averageColumn('last_week_avg_rmssd', 'Last week'),
  averageColumn('last_month_avg_rmssd', 'Last month'),
  { ...averageColumn('all_time_avg_rmssd', 'All time'), sortable: true },
];

/** The rows of 'Users with their HRV Trend'. */
export function UsersTrendRows(props: TrendRowsProps<UserTrendRow>) {
  return <TrendRows {...props} columns={COLUMNS} rowKey={(row) => row.user_id} />;
}

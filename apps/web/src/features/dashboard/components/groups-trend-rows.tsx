import { Text } from '@mantine/core';
import type { GroupTrendRow } from '@resonant/contracts/analytics';
import type { DataColumn } from '../../../components/data-table.tsx';
import { averageColumn, trendColumn } from './trend-columns.tsx';
import { TrendRows, type TrendRowsProps } from './trend-rows.tsx';

const COLUMNS: DataColumn<GroupTrendRow>[] = [
  trendColumn(),
  {
    key: 'name',
    header: 'Group',
    noWrap: true,
    sortable: true,
    render: (row) => (
      <Text size="sm" fw={600}>
        {row.name}
      </Text>
    ),
  },
  averageColumn('latest_avg_rmssd', 'Latest'),
  averageColumn('previous_avg_rmssd', 'Previous'),
  averageColumn('last_week_avg_rmssd', 'Last week'),
  averageColumn('last_month_avg_rmssd', 'Last month'),
  averageColumn('all_time_avg_rmssd', 'All time'),
];

/** The rows of 'Groups with their HRV Trend'. */
export function GroupsTrendRows(props: TrendRowsProps<GroupTrendRow>) {
  return <TrendRows {...props} columns={COLUMNS} rowKey={(row) => row.group_id} />;
}

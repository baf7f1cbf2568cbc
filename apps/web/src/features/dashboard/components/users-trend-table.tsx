import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  TREND_PAGE_SIZES,
  type GroupUsersTrendsSort,
  type UserTrendRow,
} from '@resonant/contracts/analytics';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths, userPagePath } from '../../../config/paths.ts';
import { formatDateTime, formatMetric } from '../../../lib/hrv-format.ts';
import { useGroupUsersTrends } from '../api/get-group-users-trends.ts';
import { averageColumn, NO_WRAP, trendColumn } from './trend-columns.tsx';
import { TrendTableSection } from './trend-table-section.tsx';

const TITLE = 'Users with their HRV Trend';

const COLUMNS: DataColumn<UserTrendRow>[] = [
  trendColumn(),
  {
    key: 'name',
    header: <span style={NO_WRAP}>Name</span>,
    sortable: true,
    render: (row) => (
      <Text size="sm" fw={600} style={NO_WRAP}>
        {row.first_name} {row.last_name}
      </Text>
    ),
  },
  {
    key: 'last_reading_at',
    header: <span style={NO_WRAP}>Last reading</span>,
    sortable: true,
    render: (row) => (
      <Text size="sm" style={NO_WRAP}>
        {formatDateTime(row.last_reading_at)}
      </Text>
    ),
  },
  {
    key: 'population_avg_hrv',
    header: <span style={NO_WRAP}>Population average</span>,
    numeric: true,
    render: (row) => formatMetric(row.population_avg_hrv),
  },
  averageColumn('latest_avg_rmssd', 'Latest'),
  averageColumn('yesterday_avg_rmssd', 'Yesterday'),
  averageColumn('last_week_avg_rmssd', 'Last week'),
  averageColumn('last_month_avg_rmssd', 'Last month'),
  { ...averageColumn('all_time_avg_rmssd', 'All time'), sortable: true },
];

/** The group's users with their HRV trend (SPEC §2 /group); a row opens the user's profile. */
export function UsersTrendTable() {
  const paging = useTablePaging<GroupUsersTrendsSort>(TREND_PAGE_SIZES);
  const trends = useGroupUsersTrends(paging.request);
  const navigate = useNavigate();

  return (
    <TrendTableSection
      title={TITLE}
      description="Average RMSSD in ms. Select a user to open their profile."
      what="The user trends"
      columns={COLUMNS}
      trends={trends}
      paging={paging}
      rowKey={(row) => row.user_id}
      onRowClick={(row) => navigate(userPagePath(paths.group.participantProfile, row.user_id))}
    />
  );
}

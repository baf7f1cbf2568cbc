import { Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { TREND_PAGE_SIZES, type UserTrendRow } from '@resonant/contracts/analytics';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatMetric } from '../../../lib/hrv-format.ts';
import { useGroupUsersTrends } from '../api/get-group-users-trends.ts';
import { LoadError } from './load-error.tsx';
import { averageColumn, trendColumn } from './trend-columns.tsx';
import { TREND_DEFAULT_PAGE_SIZE, usePaging } from './use-paging.ts';

// Headers and names keep to one line: on a phone the table scrolls sideways instead.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const TITLE = 'Users with their HRV Trend';

const COLUMNS: DataColumn<UserTrendRow>[] = [
  trendColumn(),
  {
    key: 'name',
    header: <span style={NO_WRAP}>Name</span>,
    render: (row) => (
      <Text size="sm" fw={600} style={NO_WRAP}>
        {row.first_name} {row.last_name}
      </Text>
    ),
  },
  {
    key: 'last_reading_at',
    header: <span style={NO_WRAP}>Last reading</span>,
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
  averageColumn('all_time_avg_rmssd', 'All time'),
];

/** The profile page of one member of the current group. */
export function participantProfilePath(userId: string): string {
  return `${paths.group.participantProfile}?${new URLSearchParams({ userId }).toString()}`;
}

/** The group's users with their HRV trend (SPEC §2 /group); a row opens the user's profile. */
export function UsersTrendTable() {
  const paging = usePaging(TREND_DEFAULT_PAGE_SIZE);
  const trends = useGroupUsersTrends(paging.request);
  const navigate = useNavigate();

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={TITLE}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Average RMSSD in ms. Select a user to open their profile.
          </Text>
        </div>
        {trends.isError ? (
          <LoadError
            what="The user trends"
            onRetry={() => void trends.refetch()}
            retrying={trends.isFetching}
          />
        ) : (
          <DataTable
            label={TITLE}
            columns={COLUMNS}
            rows={trends.data?.list}
            rowKey={(row) => row.user_id}
            loading={trends.isPending}
            emptyText="No Readings"
            onRowClick={(row) => navigate(participantProfilePath(row.user_id))}
            paging={{
              page: paging.page,
              pageSize: paging.pageSize,
              total: trends.data?.noOfRows ?? 0,
              pageSizes: TREND_PAGE_SIZES,
              onPageChange: paging.onPageChange,
              onPageSizeChange: paging.onPageSizeChange,
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

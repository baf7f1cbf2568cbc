import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { TREND_PAGE_SIZES, type GroupTrendRow } from '@resonant/contracts/analytics';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { useSwitchContext } from '../../../lib/switch-context.ts';
import type { CurrentContext } from '../api/current-context.ts';
import { useOrgGroupsTrends } from '../api/get-org-groups-trends.ts';
import { LoadError } from './load-error.tsx';
import { averageColumn, trendColumn } from './trend-columns.tsx';
import { TREND_DEFAULT_PAGE_SIZE, usePaging } from './use-paging.ts';

// Headers and names keep to one line: on a phone the table scrolls sideways instead.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const TITLE = 'Groups with their HRV Trend';

const COLUMNS: DataColumn<GroupTrendRow>[] = [
  trendColumn(),
  {
    key: 'name',
    header: <span style={NO_WRAP}>Group</span>,
    render: (row) => (
      <Text size="sm" fw={600} style={NO_WRAP}>
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

type GroupsTrendTableProps = {
  context: CurrentContext;
};

/** 'Groups with their HRV Trend' (SPEC §2): server-side pages; a row switches into its group. */
export function GroupsTrendTable({ context }: GroupsTrendTableProps) {
  const paging = usePaging(TREND_DEFAULT_PAGE_SIZE);
  const trends = useOrgGroupsTrends(paging.request);
  const switchContext = useSwitchContext();

  const openGroup = (row: GroupTrendRow) => {
    if (!context.orgId || switchContext.isPending) return;
    switchContext.mutate({
      currentOrgId: context.orgId,
      currentGroupId: row.group_id,
      currentUserType: 'group',
    });
  };

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
          <Group gap="xs">
            <Title order={2} size="h4">
              {TITLE}
            </Title>
            {switchContext.isPending && <Loader size="xs" aria-label="Opening the group" />}
          </Group>
          <Text size="sm" c="dimmed">
            Average RMSSD in ms. Select a group to open its dashboard.
          </Text>
        </div>
        {trends.isError ? (
          <LoadError
            what="The group trends"
            onRetry={() => void trends.refetch()}
            retrying={trends.isFetching}
          />
        ) : (
          <DataTable
            label={TITLE}
            columns={COLUMNS}
            rows={trends.data?.list}
            rowKey={(row) => row.group_id}
            loading={trends.isPending}
            emptyText="No Readings"
            onRowClick={openGroup}
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

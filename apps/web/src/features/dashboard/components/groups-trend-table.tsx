import { Loader, Text } from '@mantine/core';
import {
  TREND_PAGE_SIZES,
  type GroupTrendRow,
  type OrgGroupsTrendsSort,
} from '@resonant/contracts/analytics';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { useSwitchContext } from '../../../lib/switch-context.ts';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { useOrgGroupsTrends } from '../api/get-org-groups-trends.ts';
import { averageColumn, NO_WRAP, trendColumn } from './trend-columns.tsx';
import { TrendTableSection } from './trend-table-section.tsx';

const TITLE = 'Groups with their HRV Trend';

const COLUMNS: DataColumn<GroupTrendRow>[] = [
  trendColumn(),
  {
    key: 'name',
    header: <span style={NO_WRAP}>Group</span>,
    sortable: true,
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
  const paging = useTablePaging<OrgGroupsTrendsSort>(TREND_PAGE_SIZES);
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
    <TrendTableSection
      title={TITLE}
      description="Average RMSSD in ms. Select a group to open its dashboard."
      what="The group trends"
      titleAside={switchContext.isPending && <Loader size="xs" aria-label="Opening the group" />}
      columns={COLUMNS}
      trends={trends}
      paging={paging}
      rowKey={(row) => row.group_id}
      onRowClick={openGroup}
    />
  );
}

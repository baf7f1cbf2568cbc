import { lazy } from 'react';
import { Loader } from '@mantine/core';
import type { GroupTrendRow, OrgGroupsTrendsSort } from '@resonant/contracts/analytics';
import { TREND_PAGE_SIZES } from '@resonant/contracts/dashboard-tables';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { useSwitchContext } from '../../../lib/switch-context.ts';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { useOrgGroupsTrends } from '../api/get-org-groups-trends.ts';
import { TrendTableSection, trendPage } from './trend-table-section.tsx';

const GroupsTrendRows = lazy(() =>
  import('./groups-trend-rows.tsx').then((module) => ({ default: module.GroupsTrendRows })),
);

const TITLE = 'Groups with their HRV Trend';

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
      trends={trends}
    >
      <GroupsTrendRows
        label={TITLE}
        {...trendPage(trends)}
        paging={paging}
        onRowClick={openGroup}
      />
    </TrendTableSection>
  );
}

import { Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { TOP_ORGS_PAGE_SIZES, type TopOrgRow } from '@resonant/contracts/top-organizations';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { organizationPath } from '../../../config/paths.ts';
import { useTopOrgs } from '../api/get-top-orgs.ts';
import { CHART_MAX_ORGS } from '../top-orgs-chart-option.ts';
import {
  chosenSort,
  rangeFromSearch,
  RANGE_PARAM,
  shownSort,
  topOrgsBody,
} from '../top-orgs-query.ts';
import { RangeChips } from './range-chips.tsx';
import { TopOrgsChart } from './top-orgs-chart.tsx';
import { TOP_ORGS_COLUMNS } from './top-orgs-columns.tsx';

const TABLE_TITLE = 'Top Organizations';
const CHART_TITLE = 'Activity by organization';

/**
 * /admin (SPEC §2 App admin area): the range chips (kept in the URL, so a reload keeps them), a
 * chart of the organisations on the table's page and the Top Organizations table, paged and
 * sorted on the server. A row opens that organisation's page.
 */
export function AdminDashboardPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const range = rangeFromSearch(params.get(RANGE_PARAM));
  const paging = useTablePaging(TOP_ORGS_PAGE_SIZES);
  const chosen = paging.serverSort.sort;
  const topOrgs = useTopOrgs(topOrgsBody(range, paging.page, paging.pageSize, chosen));
  const rows = topOrgs.data?.list;
  const refreshing = topOrgs.isFetching && topOrgs.isPlaceholderData;

  const chooseRange = (next: typeof range) => {
    if (next === range) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(RANGE_PARAM, next);
        return updated;
      },
      { replace: true },
    );
    paging.resetPage();
  };

  const openOrg = (row: TopOrgRow) => void navigate(organizationPath(row.org_id));

  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Text size="sm" fw={600} c="dimmed">
          Range
        </Text>
        <RangeChips value={range} onChange={chooseRange} />
        {refreshing && <Loader size="xs" aria-label="Updating" />}
      </Group>

      {!topOrgs.isError && (
        <SectionCard
          title={CHART_TITLE}
          description={
            <>
              {(rows?.length ?? 0) > CHART_MAX_ORGS
                ? `The first ${CHART_MAX_ORGS} organizations on the table’s page`
                : 'The organizations on the table’s page'}
              : their active users, readings and sessions in the range.
            </>
          }
        >
          {topOrgs.isPending ? (
            <Skeleton height={320} radius="md" />
          ) : rows && rows.length > 0 ? (
            <TopOrgsChart rows={rows} />
          ) : (
            <Text c="dimmed" size="sm" ta="center" py="lg">
              No organizations
            </Text>
          )}
        </SectionCard>
      )}

      <SectionCard
        title={TABLE_TITLE}
        description="Users are current members; active users recorded a reading or a session in the range. Select an organization to open it."
      >
        {topOrgs.isError ? (
          <LoadError
            what="The top organizations"
            onRetry={() => void topOrgs.refetch()}
            retrying={topOrgs.isFetching}
          />
        ) : (
          <DataTable
            label={TABLE_TITLE}
            columns={TOP_ORGS_COLUMNS}
            rows={rows}
            rowKey={(row) => row.org_id}
            loading={topOrgs.isPending}
            emptyText="No organizations"
            onRowClick={openOrg}
            minWidth={960}
            paging={paging.tableProps(topOrgs.data?.totalRows ?? 0)}
            serverSort={{
              sort: shownSort(chosen),
              onSortChange: (next) => paging.serverSort.onSortChange(chosenSort(chosen, next)),
            }}
          />
        )}
      </SectionCard>
    </Stack>
  );
}

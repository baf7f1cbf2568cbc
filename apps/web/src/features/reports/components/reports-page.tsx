import { useMemo } from 'react';
import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { REPORTS_MAX_USERS, REPORT_TAB_LABELS } from '@resonant/contracts/reports';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useReportMembers } from '../api/get-report-members.ts';
import { parseReportSearch, reportSearchParams, type ReportTab } from '../report-search-params.ts';
import { selectionOf } from '../report-selection.ts';
import { ReadingsHistoryTab } from './readings-history-tab.tsx';
import { ReportsSearch } from './reports-search.tsx';
import { SessionHistoryTab } from './session-history-tab.tsx';

const TABS = Object.keys(REPORT_TAB_LABELS) as ReportTab[];

/**
 * /org/reports and /group/reports (SPEC §2 Reports): 'Reports Search', then the three history tabs
 * of the applied users. The applied users, tags and tab live in the URL, so a reload keeps them.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  // useSearchParams keeps `params` until the URL changes, so `search` and its id lists do too.
  const search = useMemo(() => parseReportSearch(params), [params]);
  const members = useReportMembers();
  // A new set of users starts every tab afresh (session selection, hidden series).
  const selectionKey = `${search.userIds.join(',')}|${search.tagIds.join(',')}`;
  const memberList = members.data?.list;
  // One object per URL and members answer: a new one each render would give every chart a new
  // option, and the charts would animate again.
  const selection = useMemo(
    () => selectionOf(search.userIds, search.tagIds, memberList ?? []),
    [search.userIds, search.tagIds, memberList],
  );

  const setTab = (tab: ReportTab) =>
    setParams(reportSearchParams({ ...search, tab }), { replace: true });

  return (
    <Stack gap="lg">
      <ReportsSearch
        key={selectionKey}
        appliedUserIds={search.userIds}
        appliedTagIds={search.tagIds}
        onApply={(userIds, tagIds) => setParams(reportSearchParams({ ...search, userIds, tagIds }))}
      />
      <Tabs
        value={search.tab}
        onChange={(tab) => tab && setTab(tab as ReportTab)}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {REPORT_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {search.userIds.length === 0 ? (
              <NothingApplied />
            ) : members.isPending ? (
              <PageLoader label="Loading members" />
            ) : selection.users.length === 0 ? (
              <NothingApplied />
            ) : tab === 'readings' ? (
              <ReadingsHistoryTab key={selectionKey} selection={selection} />
            ) : (
              <SessionHistoryTab key={selectionKey} type={tab} selection={selection} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function NothingApplied() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap={6}>
        <IconUsers size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fw={600}>No users applied</Text>
        <Text c="dimmed" size="sm" ta="center">
          Pick up to {REPORTS_MAX_USERS} users in Reports Search and Apply to see their history.
        </Text>
      </Stack>
    </Paper>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { MEMBER_READINGS_MAX_LIMIT, type MemberReadingsQuery } from '@resonant/contracts/reports';
import { LoadError } from '../../../components/load-error.tsx';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { memberReadingsQueryOptions } from '../../../lib/member-readings.ts';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from '../chart-settings.ts';
import { downloadReportCsv } from '../download-report-csv.ts';
import { readingLines } from '../readings-history.ts';
import { defaultReportRange, type ReportRange } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import { HistoryCharts } from './history-charts.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

/** The readings CSV's query: the same filters as the charts, for the picked users or everyone. */
function readingsCsvQuery(
  selection: ReportSelection,
  range: ReportRange,
  settings: ChartSettings,
  members: 'picked' | 'all',
): URLSearchParams {
  const query = new URLSearchParams({ members });
  if (members === 'picked') query.set('user_ids', selection.users.map((user) => user.id).join(','));
  query.set('from', range.from);
  query.set('to', range.to);
  query.set('reading_taken_time', settings.readingTakenTime);
  query.set('chart_data_group_by', settings.groupBy);
  if (selection.tagIds.length > 0) query.set('tag_ids', selection.tagIds.join(','));
  return query;
}

/** The Daily Readings History tab: the toolbar, then the charts of the applied users' readings. */
export function ReadingsHistoryTab({ selection }: { selection: ReportSelection }) {
  const context = useCurrentContext();
  const [range, setRange] = useState(() => defaultReportRange(new Date()));
  const [settings, setSettings] = useState(DEFAULT_CHART_SETTINGS);

  const queries = useMemo(
    () =>
      selection.users.map((user): MemberReadingsQuery => ({
        user_id: user.id,
        from: range.from,
        to: range.to,
        reading_taken_time: settings.readingTakenTime,
        chart_data_group_by: settings.groupBy,
        tag_ids: selection.tagIds,
        limit: MEMBER_READINGS_MAX_LIMIT,
      })),
    [selection, range, settings.readingTakenTime, settings.groupBy],
  );
  const { answers, loading, failed, retrying, retry } = useQueries({
    queries: queries.map((query) => ({
      ...memberReadingsQueryOptions(query, context),
      enabled: context !== null,
    })),
    // Structurally shared: `answers` keeps its identity until an answer changes, so the charts
    // keep their option (and their hidden series) across unrelated renders.
    combine: (results) => ({
      answers: results.map((result) => result.data),
      loading: results.some((result) => result.isPending),
      failed: results.some((result) => result.isError),
      retrying: results.some((result) => result.isError && result.isFetching),
      retry: () => results.forEach((result) => result.isError && void result.refetch()),
    }),
  });
  const lines = useMemo(() => readingLines(selection, answers), [selection, answers]);
  const cut = selection.users.flatMap((user, index) => {
    const answer = answers[index];
    return answer && answer.noOfRows > answer.list.length
      ? [{ name: user.name, shown: answer.list.length, total: answer.noOfRows }]
      : [];
  });
  const normalRange = selection.users.length === 1 ? answers[0]?.normal_range : undefined;

  return (
    <Stack gap="md">
      <ReportToolbar
        kind="readings"
        range={range}
        onRangeChange={setRange}
        settings={settings}
        onSettingsChange={setSettings}
        onDownload={(members) =>
          downloadReportCsv(
            '/reports/readings.csv',
            readingsCsvQuery(selection, range, settings, members),
          )
        }
      />
      {failed ? (
        <LoadError what="Readings" onRetry={retry} retrying={retrying} />
      ) : (
        <HistoryCharts
          lines={lines}
          settings={settings}
          normalRange={normalRange}
          loading={loading}
        />
      )}
      {cut.map((user) => (
        <Alert
          key={user.name}
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
        >
          <Text size="sm">
            {user.name}: the chart shows the latest {user.shown} of {user.total} readings in this
            range. Narrow the range or use a daily average to see them all, or download the CSV.
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

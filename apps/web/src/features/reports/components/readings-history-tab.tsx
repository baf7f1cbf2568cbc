import { useMemo } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useReadingsHistory } from '../api/get-readings-history.ts';
import type { ChartSettings } from '../chart-settings.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { readingLines } from '../readings-history.ts';
import { rangeInstants, type ReportRange } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import { useReportView } from '../report-view.ts';
import { HistoryCharts } from './history-charts.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

/** The readings CSV's query: the same filters as the charts, for the picked users or everyone. */
function readingsCsvQuery(
  selection: ReportSelection,
  range: ReportRange,
  settings: ChartSettings,
  members: 'picked' | 'all',
): URLSearchParams {
  const query = new URLSearchParams({ members, ...rangeInstants(range) });
  if (members === 'picked') query.set('user_ids', selection.users.map((user) => user.id).join(','));
  query.set('reading_taken_time', settings.readingTakenTime);
  query.set('chart_data_group_by', settings.groupBy);
  if (selection.tagIds.length > 0) query.set('tag_ids', selection.tagIds.join(','));
  return query;
}

/**
 * The Daily Readings History tab: the toolbar, then the charts of the applied users' readings; a
 * member whose readings failed gets a banner with the server's message, the others stay charted.
 */
export function ReadingsHistoryTab({ selection }: { selection: ReportSelection }) {
  const view = useReportView();
  const { range, settings } = view;
  const { answers, errors, pending, retrying, retry } = useReadingsHistory({
    userIds: selection.users.map((user) => user.id),
    range,
    settings,
    tagIds: selection.tagIds,
  });
  const lines = useMemo(() => readingLines(selection, answers), [selection, answers]);
  const cut = selection.users.flatMap((user, index) => {
    const answer = answers[index];
    return answer && answer.noOfRows > answer.list.length
      ? [{ ...user, shown: answer.list.length, total: answer.noOfRows }]
      : [];
  });
  const normalRange = selection.users.length === 1 ? answers[0]?.normal_range : undefined;

  return (
    <Stack gap="md">
      <ReportToolbar
        kind="readings"
        view={view}
        onDownload={(members) =>
          downloadCsv(
            '/reports/readings.csv',
            readingsCsvQuery(selection, range, settings, members),
          )
        }
      />
      {selection.users.map((user, index) => {
        const error = errors[index];
        return error ? (
          <LoadError
            key={user.id}
            what={`${user.name}'s readings`}
            message={error instanceof ApiError ? error.message : FALLBACK_ERROR_MESSAGE}
            onRetry={retry}
            retrying={retrying}
          />
        ) : null;
      })}
      <HistoryCharts
        lines={lines}
        settings={settings}
        normalRange={normalRange}
        loading={pending}
      />
      {cut.map((user) => (
        <Alert
          key={user.id}
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

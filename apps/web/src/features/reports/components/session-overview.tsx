import { useMemo } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import {
  REPORT_TAB_LABELS,
  type HistorySessionType,
  type SessionsAllTimeResponse,
} from '@resonant/contracts/reports';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMetric } from '../../../lib/hrv-format.ts';
import { formatCount } from '../../../lib/number-format.ts';
import { useSessionsAllTime } from '../api/get-sessions-all-time.ts';
import type { ChartSettings } from '../chart-settings.ts';
import type { ReportRange } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import { formatOzPercent } from '../../../lib/session-format.ts';
import { NO_SESSIONS, sessionHistoryLine } from '../session-points.ts';
import { HistoryCharts } from './history-charts.tsx';
import { UserDot } from './user-dot.tsx';

type FiguresRow = {
  user: ReportSelection['users'][number];
  figures: SessionsAllTimeResponse | undefined;
};

const FIGURE_COLUMNS: DataColumn<FiguresRow>[] = [
  {
    key: 'user',
    header: 'User',
    render: ({ user }) => (
      <Group gap={8} wrap="nowrap">
        <UserDot colour={user.colour} size={10} />
        <Text size="sm">{user.name}</Text>
      </Group>
    ),
  },
  {
    key: 'sessions',
    header: 'Sessions',
    numeric: true,
    render: ({ figures }) => (figures ? formatCount(figures.sessionsCount) : '…'),
  },
  {
    key: 'minutes',
    header: 'Minutes',
    numeric: true,
    render: ({ figures }) => (figures ? formatMetric(figures.totalMinutes, 0) : '…'),
  },
  {
    key: 'oz',
    header: 'Optimal zone (range)',
    numeric: true,
    render: ({ figures }) => (figures ? formatOzPercent(figures.ozPercentage) : '…'),
  },
  {
    key: 'oz-all-time',
    header: 'Optimal zone (all time)',
    numeric: true,
    render: ({ figures }) => (figures ? formatOzPercent(figures.allTimeOzPercentage) : '…'),
  },
];

type SessionOverviewProps = {
  type: HistorySessionType;
  selection: ReportSelection;
  range: ReportRange;
  settings: ChartSettings;
};

/**
 * The applied users' sessions of the range on the Time Domain and Frequency Domain charts (one
 * point per session), and each user's figures: sessions, minutes, optimal zone over the range and
 * over all time (GET /api/hrv_analytics/biofeedback/all-time, one call per user).
 */
export function SessionOverview({ type, selection, range, settings }: SessionOverviewProps) {
  const { answers, pending, failed, retrying, retry } = useSessionsAllTime({
    userIds: selection.users.map((user) => user.id),
    type,
    range,
    tagIds: selection.tagIds,
  });
  const lines = useMemo(
    () =>
      selection.users.flatMap((user, index) => {
        const answer = answers[index];
        return answer ? [sessionHistoryLine(user, answer.sessions)] : [];
      }),
    [selection.users, answers],
  );
  const rows = selection.users.map((user, index) => ({ user, figures: answers[index] }));

  return (
    <Stack gap="lg">
      {failed && <LoadError what="Some session figures" onRetry={retry} retrying={retrying} />}
      <HistoryCharts lines={lines} settings={settings} loading={pending} emptyText={NO_SESSIONS} />
      <SectionCard title={`${REPORT_TAB_LABELS[type]}: figures`}>
        <DataTable
          label={`${REPORT_TAB_LABELS[type]} figures per user`}
          columns={FIGURE_COLUMNS}
          rows={rows}
          rowKey={(row) => row.user.id}
          emptyText={NO_SESSIONS}
          minWidth={520}
        />
      </SectionCard>
    </Stack>
  );
}

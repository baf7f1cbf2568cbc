import type { Ref } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { HistorySession, SessionMinuteResult } from '@resonant/contracts/reports';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { formatDateTime, formatMetric, NO_VALUE } from '../../../lib/hrv-format.ts';
import type { ChartSettings } from '../chart-settings.ts';
import { domainMetrics } from '../history-chart-option.ts';
import type { ReportSelection } from '../report-selection.ts';
import {
  formatBreathPattern,
  formatMinutes,
  formatOzPercent,
  minuteLabel,
  tagNames,
} from '../../../lib/session-format.ts';
import { minuteValue } from '../session-minutes.ts';
import { SessionMinutesChart, SessionOzChart } from './session-charts.tsx';

type SessionDetailProps = {
  session: HistorySession;
  user: ReportSelection['users'][number];
  settings: ChartSettings;
  /** The session's heading, focusable (tabIndex -1) so a narrow screen can move the reader to it. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The picked session (SPEC §4): its name, time, length, breathing and optimal zone; its minutes as
 * a chart and a table; its raw optimal-zone samples.
 */
export function SessionDetail({ session, user, settings, headingRef }: SessionDetailProps) {
  const facts: [string, string][] = [
    ['Date', formatDateTime(session.dateTime)],
    ['Minutes', formatMinutes(session.sessionMinutes)],
    ['Breaths per minute', formatMetric(session.breathsPerMinute)],
    ['Breathing pattern', formatBreathPattern(session.breathTime)],
    ['Optimal zone', formatOzPercent(session.ozSesAvgPercentage)],
    ['Tags', tagNames(session.tags) ?? NO_VALUE],
  ];
  const title = `Session ${session.sessionName}`;

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group gap="xs">
        <Title
          order={4}
          ref={headingRef}
          tabIndex={-1}
          style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 16px)' }}
        >
          {session.sessionName}
        </Title>
        {session.quality === 'low' && (
          <Badge color="orange" variant="light">
            Low quality
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="xs" component="section" aria-label="Per-minute data">
        <Stack gap="sm">
          <Title order={5}>Per-minute data</Title>
          <SessionMinutesChart session={session} settings={settings} colour={user.colour} />
          <DataTable
            label={`Per-minute data of ${session.sessionName}`}
            columns={minuteColumns(settings)}
            rows={session.results}
            rowKey={(row) => String(row.countTime)}
            emptyText="No per-minute results"
            minWidth={120 + 90 * settings.series.length}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="xs" component="section" aria-label="Optimal zone">
        <Stack gap="sm">
          <Title order={5}>Optimal zone</Title>
          <SessionOzChart session={session} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The table's columns: the minute, then each shown series with its unit. */
function minuteColumns(settings: ChartSettings): DataColumn<SessionMinuteResult>[] {
  const metrics = (['time', 'frequency'] as const).flatMap((domain) =>
    domainMetrics(domain, settings.series).map((metric) => ({
      ...metric,
      unit: domain === 'time' ? 'ms' : 'ms²',
    })),
  );
  return [
    {
      key: 'minute',
      header: 'Minute',
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{minuteLabel(row)}</span>,
    },
    ...metrics.map((metric): DataColumn<SessionMinuteResult> => ({
      key: metric.key,
      header: `${metric.name} (${metric.unit})`,
      numeric: true,
      render: (row) => formatMetric(minuteValue(row, metric.key)),
    })),
  ];
}

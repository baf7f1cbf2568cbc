import { useMemo } from 'react';
import { Skeleton, Stack, Text } from '@mantine/core';
import type { HistorySession } from '@resonant/contracts/reports';
import { LoadError } from '../../../components/load-error.tsx';
import { useRawData } from '../api/get-raw-data.ts';
import type { ChartSettings } from '../chart-settings.ts';
import { HISTORY_CHART_HEIGHT } from '../history-chart-option.ts';
import {
  sessionMinutesLabel,
  sessionMinutesLegend,
  sessionMinutesOption,
} from '../session-minutes.ts';
import { OzSamplesChart } from '../../../components/oz-samples-chart.tsx';
import { OZ_CHART_HEIGHT } from '../../../components/session-oz-chart.ts';
import { Legend, useHiddenSeries } from './chart-legend.tsx';
import { LineChart } from '../../../components/line-chart.tsx';

type SessionMinutesChartProps = {
  session: HistorySession;
  settings: ChartSettings;
  colour: string;
};

/**
 * The session's minutes ('Minute 1', …) for the series the settings show, 450 px high, under an
 * HTML legend whose buttons show and hide each series.
 */
export function SessionMinutesChart({ session, settings, colour }: SessionMinutesChartProps) {
  const { hidden, toggle } = useHiddenSeries();
  const items = useMemo(
    () => sessionMinutesLegend(settings.series, colour),
    [settings.series, colour],
  );
  const option = useMemo(
    () =>
      sessionMinutesOption({
        results: session.results,
        series: settings.series,
        hidden,
        yAxisMax: settings.yAxisMax,
        colour,
        height: HISTORY_CHART_HEIGHT,
      }),
    [session.results, settings.series, hidden, settings.yAxisMax, colour],
  );
  if (session.results.length === 0) {
    return <Text c="dimmed">This session has no per-minute results.</Text>;
  }
  return (
    <Stack gap="xs">
      <Legend title="Per-minute data" items={items} hidden={hidden} onToggle={toggle} />
      <LineChart
        option={option}
        height={HISTORY_CHART_HEIGHT}
        label={sessionMinutesLabel(session.sessionName, session.results, settings.series, hidden)}
      />
    </Stack>
  );
}

/**
 * The session's raw optimal-zone samples (GET /api/raw-data), loaded when the app recorded them,
 * drawn by the shared optimal-zone chart (SPEC §8's message when there are none).
 */
export function SessionOzChart({ session }: { session: HistorySession }) {
  const query = useRawData(
    session.has_oz_data ? { sessionId: session.sessionId, userId: session.userId } : null,
  );
  if (session.has_oz_data && query.isPending) {
    return <Skeleton height={OZ_CHART_HEIGHT} radius="md" />;
  }
  if (query.isError) {
    return (
      <LoadError
        what="The optimal zone data"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <OzSamplesChart sessionName={session.sessionName} samples={query.data?.list[0] ?? null} />;
}

import { useMemo } from 'react';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { OZ_NOT_RECORDED_MESSAGE, type HistorySession } from '@resonant/contracts/reports';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime, NO_VALUE } from '../../../lib/hrv-format.ts';
import { useRawData } from '../api/get-raw-data.ts';
import type { ChartSettings } from '../chart-settings.ts';
import { HISTORY_CHART_HEIGHT } from '../history-chart-option.ts';
import {
  sessionMinutesLabel,
  sessionMinutesLegend,
  sessionMinutesOption,
} from '../session-minutes.ts';
import {
  OZ_BAND_SPAN,
  OZ_CHART_HEIGHT,
  sessionOzChartLabel,
  sessionOzChartOption,
} from '../session-oz-chart.ts';
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
 * The session's raw optimal-zone samples (GET /api/raw-data) on a 0–100 axis with the 80–100 band
 * marked, 300 px high; SPEC §8's message when the app recorded none (Optimal Zone off).
 */
export function SessionOzChart({ session }: { session: HistorySession }) {
  const query = useRawData(
    session.has_oz_data ? { sessionId: session.sessionId, userId: session.userId } : null,
  );
  const raw = query.data?.list[0];
  const option = useMemo(() => (raw ? sessionOzChartOption(raw) : null), [raw]);

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
  if (!raw || raw.oz_values.length === 0 || !option) {
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
        {OZ_NOT_RECORDED_MESSAGE}
      </Alert>
    );
  }
  return (
    <Stack gap={4}>
      <LineChart
        option={option}
        height={OZ_CHART_HEIGHT}
        label={sessionOzChartLabel(session.sessionName, raw)}
      />
      <Text size="xs" c="dimmed">
        The shaded band marks the optimal zone, {OZ_BAND_SPAN}.
        {raw.reportStartTime && ` Scoring started ${reportStart(raw.reportStartTime)}.`}
      </Text>
    </Stack>
  );
}

/** The app's reportStartTime as a date and time when it is one, else as the app sent it. */
function reportStart(value: string): string {
  const formatted = formatDateTime(value);
  return formatted === NO_VALUE ? value : formatted;
}

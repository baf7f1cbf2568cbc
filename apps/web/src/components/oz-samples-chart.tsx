import { useMemo } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { OZ_NOT_RECORDED_MESSAGE, type OzSamples } from '@resonant/contracts/reports';
import { formatDateTime, NO_VALUE } from '../lib/hrv-format.ts';
import { LineChart } from './line-chart.tsx';
import {
  OZ_BAND_SPAN,
  OZ_CHART_HEIGHT,
  sessionOzChartLabel,
  sessionOzChartOption,
} from './session-oz-chart.ts';

type OzSamplesChartProps = {
  sessionName: string;
  /** The session's raw samples; null or empty: the app recorded none (Optimal Zone off). */
  samples: OzSamples | null;
};

/**
 * A session's raw optimal-zone samples on a 0–100 axis with the 80–100 band marked, 300 px high
 * (SPEC §9); SPEC §8's message when the app recorded none. The admin's reports and the member's
 * own session pages draw it alike.
 */
export function OzSamplesChart({ sessionName, samples }: OzSamplesChartProps) {
  const option = useMemo(
    () => (samples && samples.oz_values.length > 0 ? sessionOzChartOption(samples) : null),
    [samples],
  );
  if (!samples || !option) {
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
        label={sessionOzChartLabel(sessionName, samples)}
      />
      <Text size="xs" c="dimmed">
        The shaded band marks the optimal zone, {OZ_BAND_SPAN}.
        {samples.reportStartTime && ` Scoring started ${reportStart(samples.reportStartTime)}.`}
      </Text>
    </Stack>
  );
}

/** The app's reportStartTime as a date and time when it is one, else as the app sent it. */
function reportStart(value: string): string {
  const formatted = formatDateTime(value);
  return formatted === NO_VALUE ? value : formatted;
}

import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { HrvMetrics } from '@resonant/contracts/metrics';
import { formatMetric, NO_VALUE } from '../../../lib/hrv-format.ts';

type MetricLine = { key: keyof HrvMetrics; label: string; unit: string; digits: number };

/** The time-domain metrics, as the engine computes them (contracts/metrics.ts). */
const TIME_DOMAIN: MetricLine[] = [
  { key: 'rmssd', label: 'RMSSD', unit: 'ms', digits: 1 },
  { key: 'sdnn', label: 'SDNN', unit: 'ms', digits: 1 },
  { key: 'sdsd', label: 'SDSD', unit: 'ms', digits: 1 },
  { key: 'pnn50', label: 'pNN50', unit: '%', digits: 1 },
  { key: 'meanNni', label: 'Mean NN', unit: 'ms', digits: 0 },
  { key: 'medianNni', label: 'Median NN', unit: 'ms', digits: 0 },
  { key: 'rangeNni', label: 'NN range', unit: 'ms', digits: 0 },
  { key: 'meanHr', label: 'Mean heart rate', unit: 'bpm', digits: 0 },
  { key: 'minHr', label: 'Lowest heart rate', unit: 'bpm', digits: 0 },
  { key: 'maxHr', label: 'Highest heart rate', unit: 'bpm', digits: 0 },
  { key: 'minMax', label: 'Max − min heart rate', unit: 'bpm', digits: 1 },
  { key: 'beats', label: 'Beats analysed', unit: '', digits: 0 },
  { key: 'durationS', label: 'Duration', unit: 's', digits: 0 },
];

/** The frequency-domain metrics: band powers, their shares, and the peaks. */
const FREQUENCY_DOMAIN: MetricLine[] = [
  { key: 'totalPower', label: 'Total power', unit: 'ms²', digits: 0 },
  { key: 'vlf', label: 'VLF', unit: 'ms²', digits: 0 },
  { key: 'lf', label: 'LF', unit: 'ms²', digits: 0 },
  { key: 'hf', label: 'HF', unit: 'ms²', digits: 0 },
  { key: 'lfHf', label: 'LF/HF', unit: '', digits: 2 },
  { key: 'lfNu', label: 'LF', unit: 'n.u.', digits: 1 },
  { key: 'hfNu', label: 'HF', unit: 'n.u.', digits: 1 },
  { key: 'vlfPercent', label: 'VLF share', unit: '%', digits: 1 },
  { key: 'lfPercent', label: 'LF share', unit: '%', digits: 1 },
  { key: 'hfPercent', label: 'HF share', unit: '%', digits: 1 },
  { key: 'vlfPeak', label: 'VLF peak', unit: 'Hz', digits: 3 },
  { key: 'lfPeak', label: 'LF peak', unit: 'Hz', digits: 3 },
  { key: 'hfPeak', label: 'HF peak', unit: 'Hz', digits: 3 },
];

/** A metric with its unit, or '—' alone. */
export function metricText(value: number | null, unit: string, digits: number): string {
  const text = formatMetric(value, digits);
  return text === NO_VALUE || unit === '' ? text : `${text} ${unit}`;
}

function MetricGroup({
  title,
  lines,
  metrics,
}: {
  title: string;
  lines: MetricLine[];
  metrics: HrvMetrics;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
        {lines.map((line) => (
          <div key={line.key}>
            <Text component="dt" size="xs" c="dimmed">
              {line.label}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {metricText(metrics[line.key], line.unit, line.digits)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Every metric of a reading, grouped: time domain, then frequency domain. */
export function ReadingMetrics({ metrics }: { metrics: HrvMetrics }) {
  return (
    <Stack gap="md">
      <MetricGroup title="Time domain" lines={TIME_DOMAIN} metrics={metrics} />
      <MetricGroup title="Frequency domain" lines={FREQUENCY_DOMAIN} metrics={metrics} />
    </Stack>
  );
}

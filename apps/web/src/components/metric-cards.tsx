import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { DashboardMetric } from '@resonant/contracts/analytics';
import { formatMetric, NO_VALUE } from '../lib/hrv-format.ts';

/** The dashboards show six averages; skeletons hold their places while loading. */
const PLACEHOLDERS = 6;

type MetricCardsProps = {
  metrics: readonly DashboardMetric[] | undefined;
  loading: boolean;
  /** Grid columns per breakpoint; cards wrap onto more rows on narrow screens. */
  cols?: Partial<Record<'base' | 'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;
};

/** A grid of metric cards: label, value (or '—' when missing) with its unit, footer. */
export function MetricCards({ metrics, loading, cols }: MetricCardsProps) {
  return (
    <SimpleGrid cols={cols ?? { base: 2, sm: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
      {loading || !metrics
        ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <Paper key={index} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-hidden>
              <Skeleton height={12} width="60%" mb="sm" />
              <Skeleton height={28} width="50%" mb="sm" />
              <Skeleton height={10} width="80%" />
            </Paper>
          ))
        : metrics.map((metric) => <MetricCard key={metric.label} metric={metric} />)}
    </SimpleGrid>
  );
}

function MetricCard({ metric }: { metric: DashboardMetric }) {
  const value = formatMetric(metric.rmssd);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      role="group"
      aria-label={metric.label}
      miw={0}
    >
      <Text size="sm" c="dimmed" fw={600} lh={1.3}>
        {metric.label}
      </Text>
      <Group gap={4} align="baseline" mt={6} wrap="nowrap">
        <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.2} data-testid="metric-value">
          {value}
        </Text>
        {value !== NO_VALUE && (
          <Text size="sm" c="dimmed" fw={600}>
            {metric.unit}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt={6} lh={1.35}>
        {metric.footer}
      </Text>
    </Paper>
  );
}

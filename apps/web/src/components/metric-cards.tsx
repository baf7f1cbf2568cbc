import { Paper, SimpleGrid, Skeleton } from '@mantine/core';
import type { DashboardMetric } from '@resonant/contracts/analytics';
import { formatMetric, NO_VALUE } from '../lib/hrv-format.ts';
import { StatCard } from './stat-card.tsx';

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
    <StatCard
      label={metric.label}
      value={value}
      unit={value === NO_VALUE ? undefined : metric.unit}
      hint={metric.footer}
    />
  );
}

import { SimpleGrid } from '@mantine/core';
import type { DashboardMetric } from '@resonant/contracts/analytics';
import { DASHBOARD_METRICS } from '@resonant/contracts/dashboard-tables';
import { formatMetric, NO_VALUE } from '../lib/hrv-format.ts';
import { StatCard } from './stat-card.tsx';

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
        ? DASHBOARD_METRICS.map((metric) => (
            // The cards themselves with their labels, so nothing moves when the figures come.
            <div key={metric.label} aria-hidden>
              <StatCard label={metric.label} value={null} hint={metric.footer} />
            </div>
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

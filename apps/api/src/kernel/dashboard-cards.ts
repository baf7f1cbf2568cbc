import { DASHBOARD_METRICS, type DashboardMetric } from '@resonant/contracts/analytics';

/** The six figures of DESIGN §5 behind the dashboard cards, in ms; null when not available. */
type CardFigures = {
  latest: number | null;
  previous: number | null;
  lastWeek: number | null;
  lastMonth: number | null;
  allTime: number | null;
  norm: number | null;
};

/** The six dashboard cards (SPEC §3 "Dashboard metric"), in the order of DASHBOARD_METRICS. */
export function dashboardCards(figures: CardFigures): DashboardMetric[] {
  const values = [
    figures.latest,
    figures.previous,
    figures.lastWeek,
    figures.lastMonth,
    figures.allTime,
    figures.norm,
  ];
  return DASHBOARD_METRICS.map((metric, index) => ({
    label: metric.label,
    rmssd: values[index] ?? null,
    unit: 'ms' as const,
    footer: metric.footer,
  }));
}

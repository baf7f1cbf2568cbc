import { useMemo } from 'react';
import { Center, Skeleton, Stack, Text } from '@mantine/core';
import type { NormalRangeDay } from '@resonant/contracts/reports';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatMetric } from '../../../lib/hrv-format.ts';
import type { ChartSettings } from '../chart-settings.ts';
import {
  DOMAIN_TITLES,
  HISTORY_CHART_HEIGHT,
  domainMetrics,
  formatDay,
  historyChartLabel,
  historyChartOption,
  latestCv,
  legendItems,
  showsNormalRange,
  type HistoryDomain,
  type HistoryLine,
} from '../history-chart-option.ts';
import { Legend, useHiddenSeries } from './chart-legend.tsx';
import { ReportChart } from '../../../components/report-chart.tsx';

/** SPEC §8: a chart without data. */
const NO_READINGS = 'No Readings';

type HistoryChartsProps = {
  lines: HistoryLine[];
  settings: ChartSettings;
  /** One member's normal range (GET /api/user/rmssd `normal_range`): baseline and band on RMSSD. */
  normalRange?: NormalRangeDay[] | undefined;
  loading?: boolean;
  /** Says what the points are, for the empty state ('No Readings' by default). */
  emptyText?: string;
};

/** The Time Domain and Frequency Domain charts of the series the settings show. */
export function HistoryCharts({
  loading = false,
  emptyText = NO_READINGS,
  ...chart
}: HistoryChartsProps) {
  const domains = (['time', 'frequency'] as const).filter(
    (domain) => domainMetrics(domain, chart.settings.series).length > 0,
  );
  return (
    <Stack gap="lg">
      {domains.map((domain) => (
        <HistoryChart
          key={domain}
          domain={domain}
          loading={loading}
          emptyText={emptyText}
          {...chart}
        />
      ))}
    </Stack>
  );
}

type HistoryChartProps = Omit<HistoryChartsProps, 'loading' | 'emptyText'> & {
  domain: HistoryDomain;
  loading: boolean;
  emptyText: string;
};

function HistoryChart({
  domain,
  lines,
  settings,
  normalRange,
  loading,
  emptyText,
}: HistoryChartProps) {
  const { hidden, toggle } = useHiddenSeries();
  const metrics = useMemo(() => domainMetrics(domain, settings.series), [domain, settings.series]);
  const items = useMemo(
    () => legendItems(lines, metrics, normalRange),
    [lines, metrics, normalRange],
  );
  const option = useMemo(
    () =>
      historyChartOption({
        lines,
        metrics,
        hidden,
        yAxisMax: settings.yAxisMax,
        normalRange,
        timeLabel: (iso) => formatDateTime(iso),
      }),
    [lines, metrics, hidden, settings.yAxisMax, normalRange],
  );
  const hasData = lines.some((line) =>
    line.points.some((point) =>
      metrics.some((metric) => typeof point.values[metric.key] === 'number'),
    ),
  );
  const title = DOMAIN_TITLES[domain];
  const withNormalRange = showsNormalRange(lines, metrics, normalRange);

  return (
    <SectionCard title={title} order={3} padding="compact">
      {loading ? (
        <Skeleton height={HISTORY_CHART_HEIGHT} radius="md" />
      ) : !hasData ? (
        <Center h={HISTORY_CHART_HEIGHT / 2}>
          <Text c="dimmed">{emptyText}</Text>
        </Center>
      ) : (
        <>
          <Legend title={title} items={items} hidden={hidden} onToggle={toggle} />
          <ReportChart
            option={option}
            height={HISTORY_CHART_HEIGHT}
            label={historyChartLabel(domain, items, hidden)}
          />
          {withNormalRange && <NormalRangeNote normalRange={normalRange} />}
        </>
      )}
    </SectionCard>
  );
}

/** Under a single member's RMSSD chart: the current 7-day CV and how the range is computed. */
function NormalRangeNote({ normalRange }: { normalRange: readonly NormalRangeDay[] }) {
  const cv = latestCv(normalRange);
  return (
    <Text size="xs" c="dimmed">
      {cv ? (
        <>
          <strong>
            Current 7-day CV: {formatMetric(cv.cv, 1)}% ({formatDay(cv.date)}).
          </strong>{' '}
        </>
      ) : (
        'No 7-day CV yet (it needs readings on at least 3 of the last 7 days). '
      )}
      The baseline is the 7-day rolling mean of ln RMSSD (the day and the 6 before, drawn when at
      least 3 of them have a reading); the normal range is the 60-day mean ± 0.5 standard deviation
      of ln RMSSD (drawn after at least 14 days with readings); both are converted back to ms. The
      CV is the coefficient of variation of ln RMSSD over the same 7 days. Low-quality readings
      (drawn hollow) are left out of every average and range. Method after Plews et al. (2012, 2013)
      and the HRV4Training &quot;normal values&quot; approach.
    </Text>
  );
}

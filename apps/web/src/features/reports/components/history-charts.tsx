import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Box,
  Center,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { NormalRangeDay } from '@resonant/contracts/reports';
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
  type LegendItem,
} from '../history-chart-option.ts';

const EChart = lazy(() =>
  import('./report-echart.ts').then((module) => ({ default: module.EChart })),
);

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
  lines,
  settings,
  normalRange,
  loading = false,
  emptyText = NO_READINGS,
}: HistoryChartsProps) {
  const domains = (['time', 'frequency'] as const).filter(
    (domain) => domainMetrics(domain, settings.series).length > 0,
  );
  return (
    <Stack gap="lg">
      {domains.map((domain) => (
        <HistoryChart
          key={domain}
          domain={domain}
          lines={lines}
          settings={settings}
          normalRange={normalRange}
          loading={loading}
          emptyText={emptyText}
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
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
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
  const toggle = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const title = DOMAIN_TITLES[domain];
  const withNormalRange = showsNormalRange(lines, metrics, normalRange);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {loading ? (
          <Skeleton height={HISTORY_CHART_HEIGHT} radius="md" />
        ) : !hasData ? (
          <Center h={HISTORY_CHART_HEIGHT / 2}>
            <Text c="dimmed">{emptyText}</Text>
          </Center>
        ) : (
          <>
            <Legend title={title} items={items} hidden={hidden} onToggle={toggle} />
            <Suspense fallback={<Skeleton height={HISTORY_CHART_HEIGHT} radius="md" />}>
              <EChart
                option={option}
                height={HISTORY_CHART_HEIGHT}
                label={historyChartLabel(domain, items, hidden)}
              />
            </Suspense>
            {withNormalRange && <NormalRangeNote normalRange={normalRange} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

type LegendProps = {
  title: string;
  items: readonly LegendItem[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/** The chart's legend as buttons: each shows or hides its series (aria-pressed while shown). */
export function Legend({ title, items, hidden, onToggle }: LegendProps) {
  return (
    <Group gap={6} role="group" aria-label={`${title} legend`}>
      {items.map((item) => {
        const shown = !hidden.has(item.id);
        return (
          <UnstyledButton
            key={item.id}
            aria-pressed={shown}
            onClick={() => onToggle(item.id)}
            px={8}
            py={4}
            style={{
              borderRadius: 6,
              border: '1px solid var(--mantine-color-gray-3)',
              opacity: shown ? 1 : 0.45,
              fontSize: 'var(--mantine-font-size-xs)',
            }}
          >
            <Group gap={6} wrap="nowrap">
              <LegendSwatch item={item} />
              <span style={{ textDecoration: shown ? undefined : 'line-through' }}>
                {item.label}
              </span>
            </Group>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

function LegendSwatch({ item }: { item: LegendItem }) {
  if (item.band) {
    return (
      <Box
        aria-hidden
        w={18}
        h={10}
        style={{ background: item.colour, opacity: 0.3, borderRadius: 2, flexShrink: 0 }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      w={18}
      style={{ borderTop: `2px ${item.lineType} ${item.colour}`, flexShrink: 0 }}
    />
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

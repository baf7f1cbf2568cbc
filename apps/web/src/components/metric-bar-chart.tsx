import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { DashboardMetric } from '@resonant/contracts/analytics';
import { formatMetric, formatMs } from '../lib/hrv-format.ts';
import type { EChartOption } from './echart.tsx';
import { DIMMED } from '../lib/text-colours.ts';

const EChart = lazy(() => import('./echart.tsx').then((module) => ({ default: module.EChart })));

/** Below this width six upright bars would crowd their labels, so the bars lie down. */
const HORIZONTAL_BELOW_PX = 520;
const BAR_COLOR = '#0d9488';
/** The population norm is a reference, not the group's own figure: drawn apart. */
const NORM_COLOR = '#6366f1';
const NORM_LABEL = 'Population Norm';

type MetricBarChartProps = {
  metrics: readonly DashboardMetric[];
  height?: number;
};

/** The dashboard's bar chart over its metric cards (SPEC §2); missing figures have no bar. */
export function MetricBarChart({ metrics, height = 300 }: MetricBarChartProps) {
  const { ref, width } = useElementSize();
  const horizontal = width > 0 && width < HORIZONTAL_BELOW_PX;
  const option = useMemo(() => barOption(metrics, horizontal), [metrics, horizontal]);
  const label = `Bar chart of average RMSSD: ${metrics
    .map((metric) => `${metric.label} ${formatMs(metric.rmssd)}`)
    .join(', ')}`;

  return (
    <div ref={ref}>
      <Suspense fallback={<Skeleton height={height} radius="md" />}>
        <EChart option={option} height={height} label={label} />
      </Suspense>
    </div>
  );
}

function barOption(metrics: readonly DashboardMetric[], horizontal: boolean): EChartOption {
  const labels = metrics.map((metric) => metric.label);
  const data = metrics.map((metric) => ({
    value: metric.rmssd,
    itemStyle: { color: metric.label === NORM_LABEL ? NORM_COLOR : BAR_COLOR },
  }));
  const categoryAxis = {
    type: 'category',
    data: labels,
    axisTick: { show: false },
    axisLabel: horizontal
      ? { color: '#495057' }
      : { interval: 0, width: 84, overflow: 'break', color: '#495057', lineHeight: 14 },
    inverse: horizontal,
  };
  const valueAxis = {
    type: 'value',
    name: 'ms',
    nameTextStyle: { color: DIMMED },
    axisLabel: { color: DIMMED },
    splitLine: { lineStyle: { color: '#e9ecef' } },
  };
  return {
    animationDuration: 400,
    // Axis labels stay inside the chart's box, however long the category names are.
    grid: {
      left: 8,
      right: horizontal ? 40 : 16,
      top: horizontal ? 8 : 32,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => formatMs(typeof value === 'number' ? value : null),
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: [
      {
        type: 'bar',
        name: 'Average RMSSD',
        data,
        barMaxWidth: horizontal ? 22 : 56,
        itemStyle: { borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
        label: {
          show: true,
          position: horizontal ? 'right' : 'top',
          color: '#343a40',
          fontWeight: 600,
          formatter: (params: { value: unknown }) =>
            typeof params.value === 'number' ? formatMetric(params.value) : '',
        },
      },
    ],
  };
}

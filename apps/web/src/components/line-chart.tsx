import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { EChartOption } from './echart.tsx';

const EChart = lazy(() =>
  import('./line-echart.ts').then((module) => ({ default: module.EChart })),
);

interface LineChartProps {
  option: EChartOption;
  height: number;
  /** The chart in words, for screen readers. */
  label: string;
}

/**
 * A line chart (the reports, the member's dashboard), loaded with ECharts on first use; a skeleton
 * of its height meanwhile.
 */
export function LineChart({ option, height, label }: LineChartProps) {
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" />}>
      <EChart option={option} height={height} label={label} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { EChartOption } from './echart.tsx';

const EChart = lazy(() =>
  import('./report-echart.ts').then((module) => ({ default: module.EChart })),
);

interface ReportChartProps {
  option: EChartOption;
  height: number;
  /** The chart in words, for screen readers. */
  label: string;
}

/** A report's chart, loaded with ECharts on first use; a skeleton of its height meanwhile. */
export function ReportChart({ option, height, label }: ReportChartProps) {
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" />}>
      <EChart option={option} height={height} label={label} />
    </Suspense>
  );
}

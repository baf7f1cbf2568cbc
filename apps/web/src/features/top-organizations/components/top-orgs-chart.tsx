import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TopOrgRow } from '@resonant/contracts/top-organizations';
import {
  CHART_MAX_ORGS,
  topOrgsChartHeight,
  topOrgsChartLabel,
  topOrgsChartOption,
} from '../top-orgs-chart-option.ts';

const EChart = lazy(() =>
  import('./top-orgs-echart.ts').then((module) => ({ default: module.EChart })),
);

/** Below this width the legend wraps and organisation names get less room. */
const NARROW_BELOW_PX = 560;

type TopOrgsChartProps = {
  rows: readonly TopOrgRow[];
};

/** The organisations of the table's page (the first ten), each with its activity by kind. */
export function TopOrgsChart({ rows }: TopOrgsChartProps) {
  const { ref, width } = useElementSize();
  const narrow = width > 0 && width < NARROW_BELOW_PX;
  const option = useMemo(() => topOrgsChartOption(rows, { narrow }), [rows, narrow]);
  const height = topOrgsChartHeight(Math.min(rows.length, CHART_MAX_ORGS), { narrow });

  return (
    <div ref={ref}>
      <Suspense fallback={<Skeleton height={height} radius="md" />}>
        <EChart option={option} height={height} label={topOrgsChartLabel(rows)} />
      </Suspense>
    </div>
  );
}

import { useMemo } from 'react';
import { Group, Text } from '@mantine/core';
import type { MyDashboardDay } from '@resonant/contracts/my-dashboard';
import { LineChart } from '../../../components/line-chart.tsx';
import { BASELINE_COLOUR } from '../../../components/normal-range-series.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { MORNING_COLOUR, trendChartLabel, trendChartOption } from '../trend-chart-option.ts';

const CHART_HEIGHT = 320;

/** The last 90 days: morning values, the 7-day baseline line and the normal-range band. */
export function TrendChartCard({ series }: { series: readonly MyDashboardDay[] }) {
  const option = useMemo(() => trendChartOption(series), [series]);
  return (
    <SectionCard
      title="Last 90 days"
      padding="compact"
      description="Your morning RMSSD with your 7-day baseline and your normal range."
    >
      <LineChart option={option} height={CHART_HEIGHT} label={trendChartLabel(series)} />
      <Group gap="md" aria-hidden>
        <Key colour={MORNING_COLOUR} label="Morning RMSSD" dot />
        <Key colour={BASELINE_COLOUR} label="7-day baseline" />
        <Key colour={MORNING_COLOUR} label="Normal range" band />
      </Group>
    </SectionCard>
  );
}

function Key({
  colour,
  label,
  dot = false,
  band = false,
}: {
  colour: string;
  label: string;
  dot?: boolean;
  band?: boolean;
}) {
  const size = band
    ? { width: 16, height: 10 }
    : dot
      ? { width: 8, height: 8 }
      : { width: 16, height: 2 };
  return (
    <Group gap={6} wrap="nowrap">
      <span
        style={{
          ...size,
          display: 'inline-block',
          background: colour,
          opacity: band ? 0.25 : 1,
          borderRadius: dot ? '50%' : 2,
        }}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

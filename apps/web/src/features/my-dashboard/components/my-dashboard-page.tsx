import { lazy, Suspense, useState } from 'react';
import { Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { MetricCards } from '../../../components/metric-cards.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { useMyDashboard } from '../api/get-my-dashboard.ts';
import { ConsistencyCard } from './consistency-card.tsx';
import { HeadlineCard } from './headline-card.tsx';
import { NotEnoughData } from './not-enough-data.tsx';
import { TrendChartCard } from './trend-chart-card.tsx';

// Loaded when first opened: most visits never ask.
const MethodDialog = lazy(() =>
  import('./method-dialog.tsx').then((module) => ({ default: module.MethodDialog })),
);

/** /user: the member's own HRV at a glance (issue 28). */
export function MyDashboardPage() {
  const dashboard = useMyDashboard();
  return (
    <QueryContent query={dashboard} what="Your dashboard" loading={<DashboardSkeleton />}>
      {(data) => <MyDashboard data={data} />}
    </QueryContent>
  );
}

function MyDashboard({ data }: { data: MyDashboardResponse }) {
  const [explaining, setExplaining] = useState(false);
  const explain = () => setExplaining(true);
  return (
    <Stack gap="lg">
      {!data.has_baseline && (
        <NotEnoughData
          consistency={data.consistency}
          has_readings={data.has_readings}
          onExplain={explain}
        />
      )}
      {data.has_readings && (
        <>
          <Grid gutter={{ base: 'sm', sm: 'md' }} align="stretch">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <HeadlineCard data={data} onExplain={explain} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ConsistencyCard consistency={data.consistency} />
            </Grid.Col>
          </Grid>
          <Stack gap="sm" component="section" aria-labelledby="my-averages">
            <div>
              <Title order={2} size="h4" id="my-averages">
                Your averages
              </Title>
              <Text size="sm" c="dimmed">
                RMSSD of your good readings, morning and anytime.
              </Text>
            </div>
            <MetricCards metrics={data.metrics} loading={false} cols={{ base: 2, sm: 3, lg: 6 }} />
          </Stack>
          <TrendChartCard series={data.series} />
        </>
      )}
      {explaining && (
        <Suspense fallback={null}>
          <MethodDialog method={data.method} onClose={() => setExplaining(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Skeleton height={180} radius="md" />
      <MetricCards metrics={undefined} loading cols={{ base: 2, sm: 3, lg: 6 }} />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

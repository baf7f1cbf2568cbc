import { useDeferredValue } from 'react';
import { Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MetricBarChart } from '../../../components/metric-bar-chart.tsx';
import { MetricCards } from '../../../components/metric-cards.tsx';
import { useDashboardAggregated, type DashboardType } from '../api/get-dashboard-aggregated.ts';
import { LoadError } from '../../../components/load-error.tsx';

type HrvAveragesProps = {
  type: DashboardType;
};

/** The chart's height; its placeholder holds the same, so nothing below moves when it is drawn. */
const CHART_HEIGHT = 280;

/** The dashboard's metric cards and the bar chart over the same six averages (SPEC §2). */
export function HrvAverages({ type }: HrvAveragesProps) {
  const averages = useDashboardAggregated(type);
  // The figures render as a transition, in slices, not in the task their answer arrives in.
  const data = useDeferredValue(averages.data);
  const headingId = `hrv-averages-${type}`;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h4" id={headingId}>
          Average HRV
        </Title>
        <Text size="sm" c="dimmed">
          RMSSD of {type === 'org' ? 'the organization' : 'the group'}: each figure is the mean of
          its members’ own averages.
        </Text>
      </div>
      {averages.isError ? (
        <LoadError
          what="The averages"
          onRetry={() => void averages.refetch()}
          retrying={averages.isFetching}
        />
      ) : (
        <Grid gutter={{ base: 'sm', sm: 'md' }} align="stretch">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <MetricCards metrics={data?.avg} loading={!data} cols={{ base: 2, sm: 3 }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'sm' }} h="100%">
              {data ? (
                <MetricBarChart metrics={data.avg} height={CHART_HEIGHT} />
              ) : (
                <Skeleton height={CHART_HEIGHT} radius="md" />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

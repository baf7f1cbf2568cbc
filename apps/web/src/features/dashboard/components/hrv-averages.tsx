import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { MetricBarChart } from '../../../components/metric-bar-chart.tsx';
import { MetricCards } from '../../../components/metric-cards.tsx';
import { useDashboardAggregated, type DashboardType } from '../api/get-dashboard-aggregated.ts';
import { LoadError } from '../../../components/load-error.tsx';

type HrvAveragesProps = {
  type: DashboardType;
};

/** The dashboard's metric cards and the bar chart over the same six averages (SPEC §2). */
export function HrvAverages({ type }: HrvAveragesProps) {
  const averages = useDashboardAggregated(type);
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
            <MetricCards
              metrics={averages.data?.avg}
              loading={averages.isPending}
              cols={{ base: 2, sm: 3 }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'sm' }} h="100%">
              {averages.data ? (
                <MetricBarChart metrics={averages.data.avg} height={280} />
              ) : (
                <Text c="dimmed" size="sm" ta="center" py="xl">
                  Loading chart…
                </Text>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

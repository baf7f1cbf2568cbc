import { Stack } from '@mantine/core';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { useDashboardAggregated } from '../api/get-dashboard-aggregated.ts';
import { hasReadings } from '../has-readings.ts';
import { HrvAverages } from './hrv-averages.tsx';
import { NoReadings } from './no-readings.tsx';
import { UsersTrendTable } from './users-trend-table.tsx';

/** /group: the group's averages and its users' trends (SPEC §2 Group area). */
export function GroupDashboardPage() {
  const context = useCurrentContext();
  const averages = useDashboardAggregated('group');
  if (averages.data && !hasReadings(averages.data.avg)) return <NoReadings scope="group" />;
  return (
    <Stack gap="lg">
      <HrvAverages type="group" />
      {/* Keyed by the group, so a switch into another group starts at its first page. */}
      {context && <UsersTrendTable key={context.groupId ?? ''} />}
    </Stack>
  );
}

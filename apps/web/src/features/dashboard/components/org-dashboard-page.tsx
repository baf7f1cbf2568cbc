import { Stack } from '@mantine/core';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { useDashboardAggregated } from '../api/get-dashboard-aggregated.ts';
import { hasReadings } from '../has-readings.ts';
import { GroupsTrendTable } from './groups-trend-table.tsx';
import { HrvAverages } from './hrv-averages.tsx';
import { NoReadings } from './no-readings.tsx';

/** /org: the organization's averages and its groups' trends (SPEC §2 Org area, Dashboard). */
export function OrgDashboardPage() {
  const context = useCurrentContext();
  const averages = useDashboardAggregated('org');
  if (averages.data && !hasReadings(averages.data.avg)) return <NoReadings scope="organization" />;
  return (
    <Stack gap="lg">
      <HrvAverages type="org" />
      {/* Keyed by the context, so paging starts over in another organization. */}
      {context && <GroupsTrendTable key={context.orgId} context={context} />}
    </Stack>
  );
}

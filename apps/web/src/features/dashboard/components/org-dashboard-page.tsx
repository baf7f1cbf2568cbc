import { Stack } from '@mantine/core';
import { useCurrentContext } from '../api/current-context.ts';
import { GroupsTrendTable } from './groups-trend-table.tsx';
import { HrvAverages } from './hrv-averages.tsx';

/** /org: the organization's averages and its groups' trends (SPEC §2 Org area, Dashboard). */
export function OrgDashboardPage() {
  const context = useCurrentContext();
  return (
    <Stack gap="lg">
      <HrvAverages type="org" />
      {/* Keyed by the context, so paging starts over in another organization. */}
      {context && <GroupsTrendTable key={context.orgId} context={context} />}
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { useCurrentContext } from '../api/current-context.ts';
import { HrvAverages } from './hrv-averages.tsx';
import { UsersTrendTable } from './users-trend-table.tsx';

/** /group: the group's averages and its users' trends (SPEC §2 Group area). */
export function GroupDashboardPage() {
  const context = useCurrentContext();
  return (
    <Stack gap="lg">
      <HrvAverages type="group" />
      {/* Keyed by the group, so a switch into another group starts at its first page. */}
      {context && <UsersTrendTable key={context.groupId ?? ''} />}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { GroupSummary } from '@resonant/contracts/groups';
import type { DataColumn } from '../../../components/data-table.tsx';
import { actionsColumn } from '../../../components/row-actions.tsx';

/** The columns of the groups list, sorted in place, then the row actions. */
export function groupColumns(
  actions: (group: GroupSummary) => ReactNode,
): DataColumn<GroupSummary>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortValue: (group) => group.name,
      render: (group) => (
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {group.name}
        </Text>
      ),
    },
    {
      key: 'users',
      header: 'Users',
      numeric: true,
      width: 96,
      sortValue: (group) => group.members,
      render: (group) => group.members,
    },
    actionsColumn(actions, 104),
  ];
}

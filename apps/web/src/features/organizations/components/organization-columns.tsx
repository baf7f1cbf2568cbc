import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import type { OrganizationSummary } from '@resonant/contracts/organizations';
import type { DataColumn } from '../../../components/data-table.tsx';
import { actionsColumn } from '../../../components/row-actions.tsx';
import { formatDate } from '../../../lib/hrv-format.ts';
import { formatCount } from '../../../lib/number-format.ts';

/** The columns of the organizations list, each sorted in place, then the row actions. */
export function organizationColumns(
  actions: (org: OrganizationSummary) => ReactNode,
): DataColumn<OrganizationSummary>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      noWrap: true,
      sortValue: (org) => org.name,
      render: (org) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={500} size="sm">
            {org.name}
          </Text>
          {org.is_demo && (
            <Badge size="xs" variant="light" color="grape" tt="none" style={{ flexShrink: 0 }}>
              Demo
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'unique_name',
      header: 'Unique name',
      noWrap: true,
      sortValue: (org) => org.unique_name,
      render: (org) => (
        <Text size="sm" c="dimmed">
          {org.unique_name}
        </Text>
      ),
    },
    {
      key: 'groups',
      header: 'Groups',
      numeric: true,
      sortValue: (org) => org.groups.length,
      render: (org) => formatCount(org.groups.length),
    },
    {
      key: 'members',
      header: 'Members',
      numeric: true,
      sortValue: (org) => org.members_count,
      render: (org) => formatCount(org.members_count),
    },
    {
      key: 'created',
      header: 'Created',
      noWrap: true,
      sortValue: (org) => org.created_at,
      render: (org) => formatDate(org.created_at),
    },
    actionsColumn(actions, 96),
  ];
}

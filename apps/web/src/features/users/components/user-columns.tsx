import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import type { OrgUser, OrgUsersSort } from '@resonant/contracts/org-users';
import type { DataColumn } from '../../../components/data-table.tsx';
import { actionsColumn } from '../../../components/row-actions.tsx';
import { textColumn } from '../../../components/text-column.tsx';
import {
  lastActivity,
  lastActivityType,
  signupDate,
  USER_TYPE_COLORS,
  userDisplayType,
} from '../../../lib/user-display.ts';
import { PayerCell } from './payer-cell.tsx';

/**
 * The columns of the users list: who each user is, their last activity, who pays, then the row
 * actions; the keys of the columns the server sorts by are the list's sorts.
 */
export function userColumns({
  isMe,
  actions,
}: {
  isMe: (user: OrgUser) => boolean;
  actions: (user: OrgUser) => ReactNode;
}): DataColumn<OrgUser>[] {
  return [
    {
      key: 'name' satisfies OrgUsersSort,
      header: 'Name',
      noWrap: true,
      sortable: true,
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {user.full_name}
          </Text>
          {isMe(user) && (
            <Badge size="xs" variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>
              You
            </Badge>
          )}
        </Group>
      ),
    },
    textColumn('email' satisfies OrgUsersSort, 'Email', (user) => user.email, { sortable: true }),
    {
      key: 'type',
      header: 'User type',
      noWrap: true,
      render: (user) => {
        const displayType = userDisplayType(user);
        return (
          <Badge variant="light" color={USER_TYPE_COLORS[displayType]} tt="none">
            {displayType}
          </Badge>
        );
      },
    },
    textColumn('last_activity' satisfies OrgUsersSort, 'Last activity', lastActivity, {
      sortable: true,
    }),
    textColumn('last-activity-type', 'Last activity type', lastActivityType),
    textColumn('signup' satisfies OrgUsersSort, 'Signup date', signupDate, { sortable: true }),
    { key: 'payer', header: 'Payer', noWrap: true, render: (user) => <PayerCell user={user} /> },
    actionsColumn(actions, 88),
  ];
}

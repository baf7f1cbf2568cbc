import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import type { OrgUser, OrgUsersSort } from '@resonant/contracts/org-users';
import type { DataColumn } from '../../../components/data-table.tsx';
import { actionsColumn } from '../../../components/row-actions.tsx';
import {
  lastActivity,
  lastActivityType,
  signupDate,
  userDisplayType,
  type UserDisplayType,
} from '../../../lib/user-display.ts';
import { PayerCell } from './payer-cell.tsx';

const TYPE_COLORS: Record<UserDisplayType, string> = {
  Admin: 'indigo',
  Internal: 'resonant',
  External: 'orange',
};

/** A column of text, sorted by the server as `key` when it is one of the list's sorts. */
function textColumn(
  key: string,
  header: string,
  value: (user: OrgUser) => string,
  sortable = false,
): DataColumn<OrgUser> {
  return {
    key,
    header,
    noWrap: true,
    sortable,
    render: (user) => <Text size="sm">{value(user)}</Text>,
  };
}

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
    textColumn('email' satisfies OrgUsersSort, 'Email', (user) => user.email, true),
    {
      key: 'type',
      header: 'User type',
      noWrap: true,
      render: (user) => {
        const displayType = userDisplayType(user);
        return (
          <Badge variant="light" color={TYPE_COLORS[displayType]} tt="none">
            {displayType}
          </Badge>
        );
      },
    },
    textColumn('last_activity' satisfies OrgUsersSort, 'Last activity', lastActivity, true),
    textColumn('last-activity-type', 'Last activity type', lastActivityType),
    textColumn('signup' satisfies OrgUsersSort, 'Signup date', signupDate, true),
    { key: 'payer', header: 'Payer', noWrap: true, render: (user) => <PayerCell user={user} /> },
    actionsColumn(actions, 88),
  ];
}

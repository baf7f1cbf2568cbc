import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Participant } from '@resonant/contracts/participants';
import type { DataColumn } from '../../../components/data-table.tsx';
import { actionsColumn } from '../../../components/row-actions.tsx';
import { textColumn } from '../../../components/text-column.tsx';
import { paths, userPagePath } from '../../../config/paths.ts';
import { formatDateTime, formatMetric } from '../../../lib/hrv-format.ts';
import {
  lastActivity,
  lastActivityType,
  payerLabel,
  signupDate,
  USER_TYPE_COLORS,
  userDisplayType,
} from '../../../lib/user-display.ts';

// Badges keep their whole label instead of shrinking to an ellipsis in a crowded row.
const WHOLE_BADGE = { minWidth: 'max-content' } as const;

/**
 * The columns of the group area's one table: who the user is (the users list's columns, SPEC §2
 * Users) and how they are doing (group-admin flag, last reading, mean RMSSD), then the row actions.
 * The name links to the profile; the rows are not clickable, so the actions and their dialogs
 * inside a cell never open it by accident.
 */
export function participantColumns({
  isMe,
  actions,
}: {
  isMe: (row: Participant) => boolean;
  actions: (row: Participant) => ReactNode;
}): DataColumn<Participant>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      noWrap: true,
      sortValue: (row) => row.full_name,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={userPagePath(paths.group.participantProfile, row.user_id)}
            size="sm"
            fw={600}
          >
            {row.full_name}
          </Anchor>
          {isMe(row) && (
            <Badge size="xs" variant="outline" color="gray" tt="none" style={WHOLE_BADGE}>
              You
            </Badge>
          )}
        </Group>
      ),
    },
    textColumn('email', 'Email', (row) => row.email, { sortValue: (row) => row.email }),
    {
      key: 'type',
      header: 'User type',
      noWrap: true,
      render: (row) => {
        const displayType = userDisplayType(row);
        return (
          <Badge
            variant="light"
            color={USER_TYPE_COLORS[displayType]}
            tt="none"
            style={WHOLE_BADGE}
          >
            {displayType}
          </Badge>
        );
      },
    },
    {
      key: 'group-admin',
      header: 'Group admin',
      noWrap: true,
      render: (row) =>
        row.is_group_admin ? (
          <Badge variant="light" color="indigo" tt="none" style={WHOLE_BADGE}>
            Group Admin
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            No
          </Text>
        ),
    },
    textColumn('last-reading', 'Last reading', (row) => formatDateTime(row.last_reading_at), {
      sortValue: (row) => row.last_reading_at,
    }),
    textColumn('avg-rmssd', 'Average RMSSD (ms)', (row) => formatMetric(row.avg_rmssd), {
      numeric: true,
      sortValue: (row) => row.avg_rmssd,
    }),
    textColumn('last-activity', 'Last activity', lastActivity, {
      sortValue: (row) => row.last_activity_date,
    }),
    textColumn('last-activity-type', 'Last activity type', lastActivityType),
    textColumn('signup', 'Signup date', signupDate, { sortValue: signupDate }),
    textColumn('payer', 'Payer', payerLabel),
    actionsColumn(actions, 88),
  ];
}

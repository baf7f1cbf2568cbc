import type { ReactNode } from 'react';
import { Badge, Tabs, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { Participant } from '@resonant/contracts/participants';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths, userPagePath } from '../../../config/paths.ts';
import { formatDateTime, formatMetric } from '../../../lib/hrv-format.ts';
import { useParticipants } from '../api/get-participants.ts';
import {
  PARTICIPANT_DEFAULT_PAGE_SIZE,
  PARTICIPANT_PAGE_SIZES,
  PARTICIPANTS_VIEW,
} from './participant-links.ts';

const TITLE = 'Participants';

// Headers and names keep to one line: on a phone the table scrolls sideways instead.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const COLUMNS: DataColumn<Participant>[] = [
  {
    key: 'name',
    header: <span style={NO_WRAP}>Name</span>,
    render: (row) => (
      <Text size="sm" fw={600} style={NO_WRAP}>
        {row.first_name} {row.last_name}
      </Text>
    ),
  },
  {
    key: 'email',
    header: <span style={NO_WRAP}>Email</span>,
    render: (row) => <span style={NO_WRAP}>{row.email}</span>,
  },
  {
    key: 'is_group_admin',
    header: <span style={NO_WRAP}>Group admin</span>,
    render: (row) =>
      row.is_group_admin ? (
        <Badge variant="light" color="indigo" tt="none">
          Group Admin
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          No
        </Text>
      ),
  },
  {
    key: 'last_reading_at',
    header: <span style={NO_WRAP}>Last reading</span>,
    render: (row) => (
      <Text size="sm" style={NO_WRAP}>
        {formatDateTime(row.last_reading_at)}
      </Text>
    ),
  },
  {
    key: 'avg_rmssd',
    header: <span style={NO_WRAP}>Average RMSSD (ms)</span>,
    numeric: true,
    render: (row) => formatMetric(row.avg_rmssd),
  },
];

type ParticipantsPageProps = {
  /**
   * The group admin's reduced users view (SPEC §6: add and edit users of the group), composed in
   * by the router; the participants list is a tab beside it.
   */
  manageUsers?: ReactNode;
};

/**
 * /group/participants: the users of the current group. With `manageUsers`, two tabs — managing
 * the users, and the participants with the group-admin flag and their HRV (SPEC §2) — otherwise
 * the participants alone.
 */
export function ParticipantsPage({ manageUsers }: ParticipantsPageProps) {
  const [params, setParams] = useSearchParams();
  if (!manageUsers) return <ParticipantsList />;
  const view = params.get('view') === PARTICIPANTS_VIEW.view ? 'participants' : 'users';
  return (
    <Tabs
      value={view}
      onChange={(next) =>
        setParams(next === 'participants' ? PARTICIPANTS_VIEW : {}, { replace: true })
      }
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="users">Users</Tabs.Tab>
        <Tabs.Tab value="participants">Participants</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users">{manageUsers}</Tabs.Panel>
      <Tabs.Panel value="participants">
        <ParticipantsList />
      </Tabs.Panel>
    </Tabs>
  );
}

/** The group's users with the group-admin flag, last reading and mean RMSSD; a row opens the profile. */
function ParticipantsList() {
  const participants = useParticipants();
  const navigate = useNavigate();
  const paging = useTablePaging(PARTICIPANT_PAGE_SIZES, PARTICIPANT_DEFAULT_PAGE_SIZE);
  const list = participants.data?.list;
  // The group's members come in one answer; pages only keep a long list readable.
  const { limit, offset } = paging.request;
  const rows = list?.slice(offset, offset + limit);

  return (
    <TableSection
      title={TITLE}
      description="Group admins, last readings and average HRV. Select a user to see their profile."
    >
      <DataTable
        label={TITLE}
        columns={COLUMNS}
        rows={participants.isError ? [] : rows}
        rowKey={(row) => row.user_id}
        loading={participants.isPending}
        emptyText={participants.isError ? 'The users could not be loaded.' : 'No users yet'}
        onRowClick={(row) => navigate(userPagePath(paths.group.participantProfile, row.user_id))}
        paging={paging.tableProps(list?.length ?? 0)}
      />
    </TableSection>
  );
}

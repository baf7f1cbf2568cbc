import { useDeferredValue, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_GROUP_NAME } from '@resonant/contracts/groups';
import type { Participant } from '@resonant/contracts/participants';
import { participantRemovalRefusal } from '@resonant/contracts/participants-policies';
import { DataTable } from '../../../components/data-table.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { useProfile } from '../../../lib/current-user.ts';
import { PARTICIPANTS_QUERY_KEY, useParticipants } from '../api/get-participants.ts';
import { participantColumns } from './participant-columns.tsx';
import { PARTICIPANT_DEFAULT_PAGE_SIZE, PARTICIPANT_PAGE_SIZES } from './participant-links.ts';
import { RemoveParticipantDialog } from './remove-participant-dialog.tsx';

const TITLE = 'Users of the group';

type ParticipantsPageProps = {
  /** The users feature's 'Add New' for this group, composed in by the router (SPEC §6). */
  addUser: (props: { disabled: boolean; onClosed: () => void }) => ReactNode;
  /** The users feature's Edit User action of a row, composed in by the router. */
  editUser: (participant: Participant, onClosed: () => void) => ReactNode;
};

function matches(participant: Participant, search: string): boolean {
  const text = search.trim().toLowerCase();
  return (
    participant.full_name.toLowerCase().includes(text) ||
    participant.email.toLowerCase().includes(text)
  );
}

/**
 * /group/participants: the users of the current group in one table, with who they are, how they
 * are doing and what a group admin may do with them: add, edit, and remove from the group.
 */
export function ParticipantsPage({ addUser, editUser }: ParticipantsPageProps) {
  const { data: me } = useProfile();
  const participants = useParticipants();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const paging = useTablePaging(PARTICIPANT_PAGE_SIZES, PARTICIPANT_DEFAULT_PAGE_SIZE);
  const searchFor = (text: string) => {
    setSearch(text);
    paging.resetPage();
  };
  const [removing, setRemoving] = useState<Participant | null>(null);

  // SPEC §2: the Default group holds everyone, so nobody is added to it or removed from it.
  const isDefaultGroup = me?.group_name === DEFAULT_GROUP_NAME;
  const refresh = () => queryClient.invalidateQueries({ queryKey: PARTICIPANTS_QUERY_KEY });
  const mayRemove = (row: Participant) =>
    me !== undefined &&
    participantRemovalRefusal({
      callerId: me.user_id,
      userId: row.user_id,
      isGroupAdmin: row.is_group_admin,
      isDefaultGroup,
    }) === null;

  const columns = participantColumns({
    isMe: (row) => row.user_id === me?.user_id,
    actions: (row) => (
      <>
        {editUser(row, refresh)}
        {mayRemove(row) && (
          <Tooltip label="Remove from group" withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${row.full_name} from the group`}
              onClick={() => setRemoving(row)}
            >
              <IconUserMinus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </>
    ),
  });

  // The group's members come in one answer and are shown whole, so a column sorts all of them.
  const list = participants.data?.list.filter((row) => matches(row, deferredSearch));

  return (
    <SectionCard
      title={TITLE}
      description={
        isDefaultGroup
          ? 'Everyone in the organization is in the Default group: users cannot be added to it or removed from it.'
          : 'Add users to this group, edit their details or remove them from it. Select a name to see the profile.'
      }
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TableSearch label="Search users" value={search} onChange={searchFor} />
        {addUser({ disabled: isDefaultGroup, onClosed: refresh })}
      </Group>
      <DataTable
        label={TITLE}
        columns={columns}
        rows={participants.isError ? [] : list}
        rowKey={(row) => row.user_id}
        loading={participants.isPending}
        paging={paging.tableProps(list?.length ?? 0)}
        pageInPlace
        emptyText={
          participants.isError
            ? 'The users could not be loaded.'
            : deferredSearch.trim()
              ? 'No user matches your search'
              : 'No users yet'
        }
      />
      <RemoveParticipantDialog
        participant={removing}
        groupId={me?.current_group_id ?? ''}
        groupName={me?.group_name ?? ''}
        onClose={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

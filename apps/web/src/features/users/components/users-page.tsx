import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconFileImport, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ORG_USERS_PAGE_SIZES,
  type OrgUser,
  type OrgUsersSort,
  type OrgUserListType,
} from '@resonant/contracts/org-users';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { RowAction } from '../../../components/row-actions.tsx';
import { useServerSearch } from '../../../components/use-list-search.ts';
import { paths } from '../../../config/paths.ts';
import { useOrgUsers } from '../api/get-org-users.ts';
import { useSignedInUser } from '../use-signed-in-user.ts';
import { canRemoveUser } from '@resonant/contracts/org-users-policies';
import { AddUserDialog } from './add-user-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { RemoveUserDialog } from './remove-user-dialog.tsx';
import { userColumns } from './user-columns.tsx';
import { UsersStats } from './users-stats.tsx';

const LIST_TYPES: { value: OrgUserListType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'internal', label: 'Internal' },
  { value: 'allAdmins', label: 'Admins' },
];

/**
 * The users of the organization, for its admins (SPEC §2 Users). The group area lists its members
 * in the participants table instead.
 */
export function UsersPage() {
  const me = useSignedInUser();
  const [type, setType] = useState<OrgUserListType>('all');
  const paging = useTablePaging<OrgUsersSort>(ORG_USERS_PAGE_SIZES);
  const search = useServerSearch(paging.resetPage);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrgUser | null>(null);
  const [removing, setRemoving] = useState<OrgUser | null>(null);

  const users = useOrgUsers({ type, search: search.term || undefined, ...paging.request });
  const isMe = (user: OrgUser) => user.user_id === me?.user_id;
  const mayRemove = (user: OrgUser) => me !== undefined && canRemoveUser(me.user_id, user.user_id);
  const actions = (user: OrgUser) => (
    <>
      <RowAction
        label={`Edit ${user.full_name}`}
        tooltip="Edit"
        icon={IconPencil}
        onClick={() => setEditing(user)}
      />
      {mayRemove(user) && (
        <RowAction
          label={`Remove ${user.full_name}`}
          tooltip="Remove from organization"
          icon={IconTrash}
          color="red"
          onClick={() => setRemoving(user)}
        />
      )}
    </>
  );

  return (
    <Stack gap="md">
      <UsersStats />
      <ListPage
        title="Users"
        headless
        search={{ label: 'Search users', ...search.box }}
        filters={
          <SegmentedControl
            aria-label="Which users"
            size="sm"
            data={LIST_TYPES}
            value={type}
            onChange={(value) => {
              setType(value as OrgUserListType);
              paging.resetPage();
            }}
          />
        }
        actions={
          <Group gap="sm" wrap="nowrap">
            <Button
              component={Link}
              to={paths.org.import}
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              CSV Import
            </Button>
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              Add New
            </Button>
          </Group>
        }
        table={{
          label: 'Users of the organization',
          columns: userColumns({ isMe, actions }),
          ...paging.serverPaged(users),
          rowKey: (user) => user.user_id,
          emptyText: search.term ? 'No user matches your search' : 'No users yet',
        }}
      >
        <AddUserDialog
          mode="org"
          groupName={null}
          opened={adding}
          onClose={() => setAdding(false)}
        />
        <EditUserDialog
          mode="org"
          user={editing}
          isSelf={editing !== null && isMe(editing)}
          onClose={() => setEditing(null)}
        />
        <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} />
      </ListPage>
    </Stack>
  );
}

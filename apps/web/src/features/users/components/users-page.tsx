import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ORG_USERS_PAGE_SIZES,
  type OrgUser,
  type OrgUsersSort,
  type OrgUserListType,
} from '@resonant/contracts/org-users';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { paths } from '../../../config/paths.ts';
import { useOrgUsers } from '../api/get-org-users.ts';
import { useSignedInUser } from '../use-signed-in-user.ts';
import {
  lastActivity,
  lastActivityType,
  signupDate,
  userDisplayType,
  type UserDisplayType,
} from '../../../lib/user-display.ts';
import { canRemoveUser } from '@resonant/contracts/org-users-policies';
import { AddUserDialog } from './add-user-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { PayerCell } from './payer-cell.tsx';
import { RemoveUserDialog } from './remove-user-dialog.tsx';
import { UsersStats } from './users-stats.tsx';

const TYPE_COLORS: Record<UserDisplayType, string> = {
  Admin: 'indigo',
  Internal: 'resonant',
  External: 'orange',
};

const LIST_TYPES: { value: OrgUserListType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'internal', label: 'Internal' },
  { value: 'allAdmins', label: 'Admins' },
];

const SEARCH_DEBOUNCE_MS = 300;
// Cells keep to one line: on a phone the table scrolls sideways instead of stacking letters.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The users of the organization, for its admins (SPEC §2 Users). The group area lists its members
 * in the participants table instead.
 */
export function UsersPage() {
  const me = useSignedInUser();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState<OrgUserListType>('all');
  const paging = useTablePaging<OrgUsersSort>(ORG_USERS_PAGE_SIZES);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrgUser | null>(null);
  const [removing, setRemoving] = useState<OrgUser | null>(null);

  const users = useOrgUsers({
    type,
    search: debouncedSearch || undefined,
    ...paging.request,
  });
  const isMe = (user: OrgUser) => user.user_id === me?.user_id;
  const mayRemove = (user: OrgUser) => me !== undefined && canRemoveUser(me.user_id, user.user_id);

  const columns: DataColumn<OrgUser>[] = [
    {
      key: 'name' satisfies OrgUsersSort,
      header: <span style={NO_WRAP}>Name</span>,
      sortable: true,
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} style={NO_WRAP}>
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
    {
      key: 'email' satisfies OrgUsersSort,
      header: <span style={NO_WRAP}>Email</span>,
      sortable: true,
      render: (user) => (
        <Text size="sm" style={NO_WRAP}>
          {user.email}
        </Text>
      ),
    },
    {
      key: 'type',
      header: <span style={NO_WRAP}>User type</span>,
      render: (user) => {
        const displayType = userDisplayType(user);
        return (
          <Badge variant="light" color={TYPE_COLORS[displayType]} tt="none">
            {displayType}
          </Badge>
        );
      },
    },
    {
      key: 'last_activity' satisfies OrgUsersSort,
      header: <span style={NO_WRAP}>Last activity</span>,
      sortable: true,
      render: (user) => (
        <Text size="sm" style={NO_WRAP}>
          {lastActivity(user)}
        </Text>
      ),
    },
    {
      key: 'last-activity-type',
      header: <span style={NO_WRAP}>Last activity type</span>,
      render: (user) => (
        <Text size="sm" style={NO_WRAP}>
          {lastActivityType(user)}
        </Text>
      ),
    },
    {
      key: 'signup' satisfies OrgUsersSort,
      header: <span style={NO_WRAP}>Signup date</span>,
      sortable: true,
      render: (user) => (
        <Text size="sm" style={NO_WRAP}>
          {signupDate(user)}
        </Text>
      ),
    },
    {
      key: 'payer',
      header: <span style={NO_WRAP}>Payer</span>,
      render: (user) => <PayerCell user={user} />,
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 88,
      pinned: true,
      render: (user) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label="Edit" withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${user.full_name}`}
              onClick={() => setEditing(user)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {mayRemove(user) && (
            <Tooltip label="Remove from organization" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${user.full_name}`}
                onClick={() => setRemoving(user)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <UsersStats />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
              <TableSearch
                label="Search users"
                value={search}
                onChange={(text) => {
                  setSearch(text);
                  paging.resetPage();
                }}
              />
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
            </Group>
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
          </Group>
          <DataTable
            label="Users of the organization"
            columns={columns}
            rows={users.data?.list}
            rowKey={(user) => user.user_id}
            loading={users.isPending}
            emptyText={debouncedSearch ? 'No user matches your search' : 'No users yet'}
            paging={paging.tableProps(users.data?.noOfRows ?? 0)}
            serverSort={paging.serverSort}
          />
        </Stack>
      </Paper>
      <AddUserDialog mode="org" groupName={null} opened={adding} onClose={() => setAdding(false)} />
      <EditUserDialog
        mode="org"
        user={editing}
        isSelf={editing !== null && isMe(editing)}
        onClose={() => setEditing(null)}
      />
      <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { GroupAdmin } from '@resonant/contracts/groups';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { useGroupAdmins } from '../api/get-group-admins.ts';
import { useRemoveGroupAdmin } from '../api/remove-group-admin.ts';
import { AddAdminDialog } from './add-admin-dialog.tsx';

interface GroupAdminsCardProps {
  groupId: string;
  /** The Default group: it is never given admins, so Add Admin is disabled. */
  isDefault: boolean;
}

/** The group's admins (org admins hidden), Add Admin, and remove while more than one remains. */
export function GroupAdminsCard({ groupId, isDefault }: GroupAdminsCardProps) {
  const { data, isPending } = useGroupAdmins(groupId);
  const removeAdmin = useRemoveGroupAdmin();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<GroupAdmin | null>(null);
  const admins = data?.list ?? [];
  // SPEC §4 "Admin removal": hidden when only one admin remains.
  const canRemove = admins.length > 1;

  const columns: DataColumn<GroupAdmin>[] = [
    {
      key: 'first',
      header: 'First Name',
      sortValue: (admin) => admin.first_name,
      render: (admin) => admin.first_name,
    },
    {
      key: 'last',
      header: 'Last Name',
      sortValue: (admin) => admin.last_name,
      render: (admin) => admin.last_name,
    },
    {
      key: 'email',
      header: 'Email',
      sortValue: (admin) => admin.email,
      render: (admin) => <span style={{ wordBreak: 'break-all' }}>{admin.email}</span>,
    },
  ];
  if (canRemove) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 56,
      pinned: true,
      render: (admin) => (
        <Tooltip label="Remove admin" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${admin.first_name} ${admin.last_name} as admin`}
            onClick={() => setToRemove(admin)}
          >
            <IconUserMinus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    });
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Title order={3} size="h4">
          Admins
        </Title>
        <Button
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          disabled={isDefault}
          onClick={() => setAdding(true)}
        >
          Add Admin
        </Button>
      </Group>
      <DataTable
        label="Group admins"
        columns={columns}
        rows={admins}
        rowKey={(admin) => admin.user_id}
        loading={isPending}
        emptyText="No group admins yet"
        // Fits a phone: long emails wrap instead of pushing the table sideways.
        minWidth={280}
      />
      <AddAdminDialog groupId={groupId} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove Admin"
        message={
          toRemove
            ? `Remove ${toRemove.first_name} ${toRemove.last_name} as admin of this group? They stay a member of the group.`
            : ''
        }
        confirmLabel="Remove"
        loading={removeAdmin.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          removeAdmin.mutate(
            { groupId, userId: toRemove.user_id },
            { onSettled: () => setToRemove(null) },
          )
        }
      />
    </Paper>
  );
}

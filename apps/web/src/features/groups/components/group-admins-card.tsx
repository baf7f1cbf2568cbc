import { useState } from 'react';
import type { GroupAdmin } from '@resonant/contracts/groups';
import { AdminsCard } from '../../../components/admins-card.tsx';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useGroupAdmins } from '../api/get-group-admins.ts';
import { useRemoveGroupAdmin } from '../api/remove-group-admin.ts';
import { AddAdminDialog } from './add-admin-dialog.tsx';

interface GroupAdminsCardProps {
  groupId: string;
  /** The Default group: it is never given admins, so Add Admin is disabled. */
  isDefault: boolean;
}

const COLUMNS: DataColumn<GroupAdmin>[] = [
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

const fullName = (admin: GroupAdmin) => `${admin.first_name} ${admin.last_name}`;

/** The group's admins (org admins hidden), Add Admin, and remove while more than one remains. */
export function GroupAdminsCard({ groupId, isDefault }: GroupAdminsCardProps) {
  const { data, isPending } = useGroupAdmins(groupId);
  const removeAdmin = useRemoveGroupAdmin();
  const [adding, setAdding] = useState(false);

  return (
    <AdminsCard
      addDisabled={isDefault}
      onAdd={() => setAdding(true)}
      table={{
        label: 'Group admins',
        columns: COLUMNS,
        rows: data?.list ?? [],
        rowKey: (admin) => admin.user_id,
        loading: isPending,
        emptyText: 'No group admins yet',
        // Fits a phone: long emails wrap instead of pushing the table sideways.
        minWidth: 280,
      }}
      removal={{
        name: fullName,
        message: (admin) =>
          `Remove ${fullName(admin)} as admin of this group? They stay a member of the group.`,
        pending: removeAdmin.isPending,
        remove: (admin, settled) =>
          removeAdmin.mutate({ groupId, userId: admin.user_id }, { onSettled: settled }),
      }}
    >
      <AddAdminDialog groupId={groupId} opened={adding} onClose={() => setAdding(false)} />
    </AdminsCard>
  );
}

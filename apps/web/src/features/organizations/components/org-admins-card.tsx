import { useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import type { OrgUser } from '@resonant/contracts/org-users';
import { AdminsCard } from '../../../components/admins-card.tsx';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useOrgAdmins } from '../api/get-org-admins.ts';
import { useRemoveOrgAdmin } from '../api/remove-org-admin.ts';
import { AddOrgAdminDialog } from './add-org-admin-dialog.tsx';

interface OrgAdminsCardProps {
  orgId: string;
  orgName: string;
}

const COLUMNS: DataColumn<OrgUser>[] = [
  {
    key: 'name',
    header: 'Name',
    sortValue: (admin) => admin.full_name,
    render: (admin) => (
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {admin.full_name}
        </Text>
        {admin.is_external && (
          <Badge size="xs" variant="light" color="orange" tt="none">
            External
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    sortValue: (admin) => admin.email,
    render: (admin) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {admin.email}
      </Text>
    ),
  },
];

/**
 * The organization's admins, an 'External' badge on those from other organizations (SPEC §6),
 * Add Admin, and remove while more than one remains.
 */
export function OrgAdminsCard({ orgId, orgName }: OrgAdminsCardProps) {
  const admins = useOrgAdmins(orgId);
  const removeAdmin = useRemoveOrgAdmin();
  const [adding, setAdding] = useState(false);
  const list = admins.data?.list ?? [];

  return (
    <AdminsCard
      description="External admins come from other organizations. The last admin cannot be removed."
      addDisabled={admins.isPending}
      onAdd={() => setAdding(true)}
      table={{
        label: 'Organization admins',
        columns: COLUMNS,
        rows: list,
        rowKey: (admin) => admin.user_id,
        loading: admins.isPending,
        emptyText: 'No admins',
        // Fits a phone: long emails wrap instead of pushing the table sideways.
        minWidth: 300,
      }}
      failure={{ what: 'The admins', query: admins }}
      removal={{
        name: (admin) => admin.full_name,
        message: (admin) => `Remove ${admin.full_name} as admin of ${orgName}?`,
        details: (admin) => (
          <Text size="sm" c="dimmed">
            {admin.is_external
              ? 'They are not a member of this organization, so they lose access to it.'
              : 'They stay a member of the organization.'}
          </Text>
        ),
        pending: removeAdmin.isPending,
        remove: (admin, settled) =>
          removeAdmin.mutate({ orgId, userId: admin.user_id }, { onSettled: settled }),
      }}
    >
      <AddOrgAdminDialog
        orgId={orgId}
        orgName={orgName}
        adminIds={list.map((admin) => admin.user_id)}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </AdminsCard>
  );
}

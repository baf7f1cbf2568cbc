import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { OrgUser } from '@resonant/contracts/org-users';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useOrgAdmins } from '../api/get-org-admins.ts';
import { useRemoveOrgAdmin } from '../api/remove-org-admin.ts';
import { AddOrgAdminDialog } from './add-org-admin-dialog.tsx';

interface OrgAdminsCardProps {
  orgId: string;
  orgName: string;
}

/**
 * The organization's admins, an 'External' badge on those from other organizations (SPEC §6),
 * Add Admin, and remove while more than one remains (SPEC §4 "Admin removal").
 */
export function OrgAdminsCard({ orgId, orgName }: OrgAdminsCardProps) {
  const admins = useOrgAdmins(orgId);
  const removeAdmin = useRemoveOrgAdmin();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<OrgUser | null>(null);
  const list = admins.data?.list ?? [];
  const canRemove = list.length > 1;

  const columns: DataColumn<OrgUser>[] = [
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
            aria-label={`Remove ${admin.full_name} as admin`}
            onClick={() => setToRemove(admin)}
          >
            <IconUserMinus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    });
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label="Admins"
    >
      <Group justify="space-between" gap="sm" mb="sm">
        <div>
          <Title order={3} size="h4">
            Admins
          </Title>
          <Text size="sm" c="dimmed">
            External admins come from other organizations. The last admin cannot be removed.
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          disabled={admins.isPending}
          onClick={() => setAdding(true)}
        >
          Add Admin
        </Button>
      </Group>
      {admins.isError ? (
        <LoadError
          what="The admins"
          onRetry={() => void admins.refetch()}
          retrying={admins.isFetching}
        />
      ) : (
        <DataTable
          label="Organization admins"
          columns={columns}
          rows={list}
          rowKey={(admin) => admin.user_id}
          loading={admins.isPending}
          emptyText="No admins"
          // Fits a phone: long emails wrap instead of pushing the table sideways.
          minWidth={300}
        />
      )}
      <AddOrgAdminDialog
        orgId={orgId}
        orgName={orgName}
        adminIds={list.map((admin) => admin.user_id)}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove Admin"
        message={toRemove ? `Remove ${toRemove.full_name} as admin of ${orgName}?` : ''}
        details={
          toRemove && (
            <Text size="sm" c="dimmed">
              {toRemove.is_external
                ? 'They are not a member of this organization, so they lose access to it.'
                : 'They stay a member of the organization.'}
            </Text>
          )
        }
        confirmLabel="Remove"
        loading={removeAdmin.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          removeAdmin.mutate(
            { orgId, userId: toRemove.user_id },
            { onSettled: () => setToRemove(null) },
          )
        }
      />
    </Paper>
  );
}

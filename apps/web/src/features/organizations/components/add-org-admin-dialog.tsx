import { useState } from 'react';
import { Text } from '@mantine/core';
import { AddAdminDialogShell } from '../../../components/add-admin-dialog-shell.tsx';
import { useAddOrgAdmin } from '../api/add-org-admin.ts';
import type { AdminCandidate } from '../admin-candidates.ts';
import { AdminUserPicker } from './admin-user-picker.tsx';

interface AddOrgAdminDialogProps {
  orgId: string;
  orgName: string;
  adminIds: string[];
  opened: boolean;
  onClose: () => void;
}

/** 'Add Admin' of an organization: Add stays disabled until a user is chosen (SPEC §2). */
export function AddOrgAdminDialog({
  orgId,
  orgName,
  adminIds,
  opened,
  onClose,
}: AddOrgAdminDialogProps) {
  const addAdmin = useAddOrgAdmin();
  const [chosen, setChosen] = useState<AdminCandidate | null>(null);

  const close = () => {
    setChosen(null);
    addAdmin.reset();
    onClose();
  };

  return (
    <AddAdminDialogShell
      opened={opened}
      chosen={chosen !== null}
      busy={addAdmin.isPending}
      onClose={close}
      onAdd={() =>
        chosen &&
        addAdmin.mutate(
          { userId: chosen.userId, orgId, isExternal: chosen.external },
          { onSuccess: close },
        )
      }
      picker={
        <AdminUserPicker
          orgId={orgId}
          orgName={orgName}
          adminIds={new Set(adminIds)}
          value={chosen}
          onChange={setChosen}
        />
      }
    >
      {chosen && (
        <Text size="sm">
          <strong>{chosen.name}</strong>{' '}
          {chosen.external
            ? `joins ${orgName} as an external admin.`
            : `becomes an admin of ${orgName}.`}
        </Text>
      )}
    </AddAdminDialogShell>
  );
}

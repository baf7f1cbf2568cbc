import { useState } from 'react';
import { Text } from '@mantine/core';
import { FormDialog } from '../../../components/form-dialog.tsx';
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
    <FormDialog
      opened={opened}
      title="Add Admin"
      submitLabel="Add"
      submitDisabled={chosen === null}
      dirty={chosen !== null}
      busy={addAdmin.isPending}
      onClose={close}
      onSubmit={(event) => {
        event?.preventDefault();
        if (!chosen) return;
        addAdmin.mutate(
          { userId: chosen.userId, orgId, isExternal: chosen.external },
          { onSuccess: close },
        );
      }}
    >
      {/* Remounted per opening, so the search starts empty each time. */}
      {opened && (
        <AdminUserPicker
          orgId={orgId}
          orgName={orgName}
          adminIds={new Set(adminIds)}
          value={chosen}
          onChange={setChosen}
        />
      )}
      {chosen && (
        <Text size="sm">
          <strong>{chosen.name}</strong>{' '}
          {chosen.external
            ? `joins ${orgName} as an external admin.`
            : `becomes an admin of ${orgName}.`}
        </Text>
      )}
    </FormDialog>
  );
}

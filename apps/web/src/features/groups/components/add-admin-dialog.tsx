import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAddGroupAdmins } from '../api/add-group-admins.ts';
import { UserPicker } from './user-picker.tsx';

interface AddAdminDialogProps {
  groupId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Add Admin': Add stays disabled until at least one user is chosen (SPEC §2). */
export function AddAdminDialog({ groupId, opened, onClose }: AddAdminDialogProps) {
  const addAdmins = useAddGroupAdmins();
  const [userIds, setUserIds] = useState<string[]>([]);

  const close = () => {
    setUserIds([]);
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title="Add Admin"
      submitLabel="Add"
      submitDisabled={userIds.length === 0}
      dirty={userIds.length > 0}
      busy={addAdmins.isPending}
      onClose={close}
      onSubmit={(event) => {
        event?.preventDefault();
        if (userIds.length === 0) return;
        addAdmins.mutate({ groupId, userIds }, { onSuccess: close });
      }}
    >
      {/* Remounted per opening, so the search starts empty each time. */}
      {opened && (
        <UserPicker
          label="Users"
          groupId={groupId}
          value={userIds}
          onChange={setUserIds}
          data-autofocus
        />
      )}
    </FormDialog>
  );
}

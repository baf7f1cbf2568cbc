import { useState } from 'react';
import { AddAdminDialogShell } from '../../../components/add-admin-dialog-shell.tsx';
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
    <AddAdminDialogShell
      opened={opened}
      chosen={userIds.length > 0}
      busy={addAdmins.isPending}
      onClose={close}
      onAdd={() => addAdmins.mutate({ groupId, userIds }, { onSuccess: close })}
      picker={
        <UserPicker
          label="Users"
          groupId={groupId}
          value={userIds}
          onChange={setUserIds}
          data-autofocus
        />
      }
    />
  );
}

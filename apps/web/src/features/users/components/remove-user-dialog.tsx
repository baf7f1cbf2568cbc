import { Text } from '@mantine/core';
import { REMOVE_USER_CONFIRM_MESSAGE, type OrgUser } from '@resonant/contracts/org-users';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSuccess } from '../../../lib/notify.tsx';
import { useRemoveOrgUser } from '../api/remove-org-user.ts';

interface RemoveUserDialogProps {
  /** The user to remove; null when the dialog is closed. */
  user: OrgUser | null;
  onClose: () => void;
}

/** The confirmation before a user leaves the organization (SPEC §2). */
export function RemoveUserDialog({ user, onClose }: RemoveUserDialogProps) {
  const removeUser = useRemoveOrgUser();
  const confirm = () => {
    if (!user) return;
    removeUser.mutate(user, {
      onSuccess: (response) => {
        showSuccess(response.message);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={user !== null}
      title="Remove user"
      message={REMOVE_USER_CONFIRM_MESSAGE}
      details={
        user && (
          <Text size="sm" c="dimmed">
            {user.full_name} ({user.email}) keeps the account and its recordings, but no longer
            belongs to your organization or its groups.
          </Text>
        )
      }
      confirmLabel="Remove"
      loading={removeUser.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

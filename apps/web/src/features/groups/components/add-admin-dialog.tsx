import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
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
    if (addAdmins.isPending) return;
    setUserIds([]);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Admin"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label="Add Admin"
        onSubmit={(event) => {
          event.preventDefault();
          if (userIds.length === 0) return;
          addAdmins.mutate(
            { groupId, userIds },
            {
              onSuccess: () => {
                setUserIds([]);
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
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
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={addAdmins.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={userIds.length === 0} loading={addAdmins.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

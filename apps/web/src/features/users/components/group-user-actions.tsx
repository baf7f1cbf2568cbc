// The users feature's part of the group area's table (SPEC §6: a group admin adds users to the
// group and edits their personal details). The router hands these to the participants page, so
// neither feature imports the other; `onClosed` lets the page ask for its list again.
import { useState } from 'react';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import type { OrgUser } from '@resonant/contracts/org-users';
import { useSignedInUser } from '../use-signed-in-user.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';

interface AddGroupUserButtonProps {
  /** The Default group takes no Add User (SPEC §2): everyone is in it already. */
  disabled: boolean;
  onClosed: () => void;
}

/** 'Add New': a new or existing account joins the current group (and Default). */
export function AddGroupUserButton({ disabled, onClosed }: AddGroupUserButtonProps) {
  const me = useSignedInUser();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconUserPlus size={18} aria-hidden />}
        disabled={disabled}
        onClick={() => setAdding(true)}
      >
        Add New
      </Button>
      <AddUserDialog
        mode="group"
        groupName={me?.group_name ?? null}
        opened={adding}
        onClose={() => {
          setAdding(false);
          onClosed();
        }}
      />
    </>
  );
}

interface EditGroupUserButtonProps {
  user: OrgUser;
  onClosed: () => void;
}

/** The row's pencil: Edit User with the personal details only. */
export function EditGroupUserButton({ user, onClosed }: EditGroupUserButtonProps) {
  const me = useSignedInUser();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Tooltip label="Edit" withinPortal>
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${user.full_name}`}
          onClick={() => setEditing(true)}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <EditUserDialog
        mode="group"
        user={editing ? user : null}
        isSelf={user.user_id === me?.user_id}
        onClose={() => {
          setEditing(false);
          onClosed();
        }}
      />
    </>
  );
}

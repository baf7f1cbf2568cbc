import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog.tsx';

interface AddAdminDialogShellProps {
  opened: boolean;
  /** Someone is chosen: Add is enabled, and closing asks first. */
  chosen: boolean;
  busy: boolean;
  onClose: () => void;
  onAdd: () => void;
  /** The search for the people to choose from. */
  picker: ReactNode;
  /** Under the picker, e.g. what the choice will mean. */
  children?: ReactNode;
}

/** 'Add Admin' of a group or an organization: Add stays disabled until someone is chosen. */
export function AddAdminDialogShell({
  opened,
  chosen,
  busy,
  onClose,
  onAdd,
  picker,
  children,
}: AddAdminDialogShellProps) {
  return (
    <FormDialog
      opened={opened}
      title="Add Admin"
      submitLabel="Add"
      submitDisabled={!chosen}
      dirty={chosen}
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => {
        event?.preventDefault();
        if (chosen) onAdd();
      }}
    >
      {/* Remounted per opening, so the search starts empty each time. */}
      {opened && picker}
      {children}
    </FormDialog>
  );
}

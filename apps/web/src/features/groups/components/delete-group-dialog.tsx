import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteGroup } from '../api/delete-group.ts';

interface DeleteGroupDialogProps {
  /** The group to delete; the dialog is open while one is set. */
  groupId: string | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** The delete confirmation of SPEC §2 "Groups". */
export function DeleteGroupDialog({ groupId, onClose, onDeleted }: DeleteGroupDialogProps) {
  const deleteGroup = useDeleteGroup();
  return (
    <ConfirmDialog
      opened={groupId !== null}
      title="Delete Group"
      message="Are you sure you want to delete this Group?"
      confirmLabel="Delete"
      loading={deleteGroup.isPending}
      onClose={onClose}
      onConfirm={() => groupId && deleteGroup.mutate(groupId, { onSuccess: onDeleted })}
    />
  );
}

import { useState } from 'react';
import { Text } from '@mantine/core';
import type { Participant } from '@resonant/contracts/participants';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSuccess } from '../../../lib/notify.tsx';
import { useRemoveParticipant } from '../api/remove-participant.ts';

interface RemoveParticipantDialogProps {
  /** Who is taken out; null when the dialog is closed. */
  participant: Participant | null;
  groupId: string;
  groupName: string;
  onClose: () => void;
}

/** 'Remove from group': says what goes (this group) and what stays, then removes on confirm. */
export function RemoveParticipantDialog({
  participant,
  groupId,
  groupName,
  onClose,
}: RemoveParticipantDialogProps) {
  const removeParticipant = useRemoveParticipant();
  // The last person asked about, so the question stays readable while the dialog fades out.
  const [shown, setShown] = useState(participant);
  if (participant && participant !== shown) setShown(participant);
  return (
    <ConfirmDialog
      opened={participant !== null}
      title="Remove from group"
      message={shown ? `Remove ${shown.full_name} from the group ${groupName}?` : ''}
      details={
        <Text size="sm" c="dimmed">
          They stay in the organization and its Default group, and keep their readings. They can be
          added to this group again.
        </Text>
      }
      confirmLabel="Remove from group"
      loading={removeParticipant.isPending}
      onClose={onClose}
      onConfirm={() =>
        participant &&
        removeParticipant.mutate(
          { userId: participant.user_id, groupId },
          {
            onSuccess: (answer) => showSuccess(answer.message),
            onSettled: onClose,
          },
        )
      }
    />
  );
}

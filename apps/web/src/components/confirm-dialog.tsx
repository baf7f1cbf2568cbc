import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  /** What the action will and will not change, under the question. */
  details?: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are; 'Cancel' unless said otherwise. */
  cancelLabel?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /**
   * Once it has closed: where focus goes when the button that opened it is gone (the row it
   * removed), instead of being left on the page's body.
   */
  onClosed?: () => void;
}

/** A yes/no question before a destructive action; stays open (and busy) until it is done. */
export function ConfirmDialog({
  opened,
  title,
  message,
  details,
  confirmLabel,
  cancelLabel = 'Cancel',
  loading,
  onConfirm,
  onClose,
  onClosed,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      onExitTransitionEnd={onClosed}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text>{message}</Text>
        {details}
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

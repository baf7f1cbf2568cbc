import { useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useFullScreenDialog } from './use-dialog-layout.ts';

const DISCARD_TITLE = 'Discard changes?';

interface FormDialogProps {
  opened: boolean;
  title: string;
  /** The form's accessible name; the title unless said otherwise. */
  formLabel?: string;
  /** Something was typed or chosen: closing asks first, so it is not lost by a stray Esc. */
  dirty: boolean;
  /** A request in flight: the dialog stays open until it is answered. */
  busy: boolean;
  /** Closes the dialog (after the question, when there is unsaved input). */
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitDisabled?: boolean;
  /** The submit destroys something (deleting an account): its button is red, as ConfirmDialog's. */
  destructive?: boolean;
  size?: string;
  children: ReactNode;
}

// A click must not move focus out of a field first: the field's blur error would shift the
// buttons between mousedown and mouseup, and the click would land nowhere.
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * Every form in a dialog: the fields, Cancel and the submit button; full screen on a phone.
 * Closing (Esc, ×, a click outside, Cancel) with unsaved input asks 'Discard changes?' first, and
 * waits while a request is in flight.
 */
export function FormDialog({
  opened,
  title,
  formLabel = title,
  dirty,
  busy,
  onClose,
  onSubmit,
  submitLabel,
  submitDisabled = false,
  destructive = false,
  size,
  children,
}: FormDialogProps) {
  const fullScreen = useFullScreenDialog();
  const [asking, setAsking] = useState(false);
  // Closed from outside (a save, a navigation): the next opening starts without the question.
  if (!opened && asking) setAsking(false);
  const requestClose = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={title}
        size={size}
        fullScreen={fullScreen}
        closeOnClickOutside={!busy}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form noValidate onSubmit={onSubmit} aria-label={formLabel}>
          <Stack gap="sm">
            {children}
            <Group justify="flex-end" mt="sm" gap="sm">
              <Button
                variant="default"
                onMouseDown={keepFocus}
                onClick={requestClose}
                disabled={busy}
              >
                Cancel
              </Button>
              <Button
                type="submit"
                color={destructive ? 'red' : undefined}
                onMouseDown={keepFocus}
                disabled={submitDisabled}
                loading={busy}
              >
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={asking}
        title={DISCARD_TITLE}
        message="What you entered in this dialog will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        loading={false}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

import { useState } from 'react';
import { Modal, Text } from '@mantine/core';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { SignInMethodsPanel } from './sign-in-methods-panel.tsx';

interface SignInMethodsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The profile popover's Sign-in methods: the panel Settings shows too, in a dialog. */
export function SignInMethodsDialog({ opened, onClose }: SignInMethodsDialogProps) {
  const fullScreen = useFullScreenDialog();
  const [asking, setAsking] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // Esc belongs to the Unlink question while it is open (and busy): Mantine's modals each
      // listen on the window, so this one would close too.
      closeOnEscape={!asking}
      title="Sign-in methods"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm" c="dimmed" mb="md">
        The ways you can sign in to Resonant. Linking takes you to the provider and back here.
      </Text>
      <SignInMethodsPanel enabled={opened} onAskingChange={setAsking} />
    </Modal>
  );
}

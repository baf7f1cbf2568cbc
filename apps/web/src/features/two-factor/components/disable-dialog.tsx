import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showSuccess } from '../../../lib/notify.tsx';
import { useDisableTwoFactor } from '../api/two-factor-changes.ts';

interface DisableDialogProps {
  opened: boolean;
  onClose: () => void;
}

const SIX_DIGITS = /^\d{6}$/;

/**
 * Turning two-factor authentication off, which deletes the key and every recovery code: it asks
 * for a current code or the account's password first.
 */
export function DisableDialog({ opened, onClose }: DisableDialogProps) {
  const disable = useDisableTwoFactor();
  const form = useForm({
    initialValues: { proof: '' },
    validate: { proof: (value) => (value.trim() ? null : 'Enter a code or your password') },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit(({ proof }) => {
    const code = proof.replaceAll(' ', '');
    const body = code.length === 6 && SIX_DIGITS.test(code) ? { code } : { password: proof };
    disable.mutate(body, {
      onSuccess: () => {
        showSuccess('Two-factor authentication is off');
        close();
      },
    });
  });
  return (
    <FormDialog
      opened={opened}
      title="Turn off two-factor authentication?"
      dirty={form.isDirty()}
      busy={disable.isPending}
      onClose={close}
      onSubmit={handleSubmit}
      submitLabel="Turn off"
    >
      <Text size="sm">
        Your sign-in will ask only for your password. The key in your authenticator app and every
        recovery code stop working.
      </Text>
      <PasswordInput
        label="Current code or your password"
        autoComplete="current-password"
        required
        data-autofocus
        {...form.getInputProps('proof')}
      />
    </FormDialog>
  );
}

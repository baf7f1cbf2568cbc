import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangePasswordFields } from '@resonant/contracts/passwords';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './password-fields.tsx';

interface ChangePasswordFormProps {
  /** The label of the current password: "Temporary password" when an admin set it. */
  currentLabel: string;
  submitLabel: string;
  onChanged?: () => void;
}

/** The current password, then the new one twice; every other device is signed out on success. */
export function ChangePasswordForm({
  currentLabel,
  submitLabel,
  onChanged,
}: ChangePasswordFormProps) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFields>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(ChangePasswordFields),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          onChanged?.();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Change password">
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={currentLabel}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          password={form.getInputProps('newPassword')}
          confirm={form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

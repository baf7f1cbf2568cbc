import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN } from '@resonant/contracts/auth';

interface NewPasswordFieldsProps {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
}

/** A new password and its confirmation, offered by password managers as a new one. */
export function NewPasswordFields({ password, confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN} characters, not a common password`}
        required
        {...password}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}

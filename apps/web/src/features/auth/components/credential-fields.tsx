import { PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN } from '@resonant/contracts/auth';

/** The account's email, as every password form asks for it. */
export function EmailField(inputProps: GetInputPropsReturnType) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      required
      {...inputProps}
    />
  );
}

interface PasswordFieldProps extends GetInputPropsReturnType {
  /** A new password is offered by password managers; a current one is filled in by them. */
  isNew?: boolean;
}

/** The account's password: the one it has, or a new one with its rule as the placeholder. */
export function PasswordField({ isNew = false, ...inputProps }: PasswordFieldProps) {
  return (
    <PasswordInput
      label="Password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      placeholder={isNew ? `At least ${PASSWORD_MIN} characters` : 'Your password'}
      required
      {...inputProps}
    />
  );
}

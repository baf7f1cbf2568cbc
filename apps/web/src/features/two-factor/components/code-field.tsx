import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** A current code of the authenticator app, as every two-factor form asks for it. */
export function CodeField({
  label = 'Code from your authenticator app',
  ...inputProps
}: GetInputPropsReturnType & { label?: string }) {
  return (
    <TextInput
      label={label}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      placeholder="123456"
      required
      data-autofocus
      {...inputProps}
    />
  );
}

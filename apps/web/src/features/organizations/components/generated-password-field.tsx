import { Button, CopyButton, Group, PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';

interface GeneratedPasswordFieldProps {
  inputProps: GetInputPropsReturnType;
  password: string;
  /** Replaces the password with a newly generated one. */
  onRenew: () => void;
}

/**
 * The new admin's password, prefilled with a strong one and masked: it can be shown, copied to
 * hand over, or generated anew.
 */
export function GeneratedPasswordField({
  inputProps,
  password,
  onRenew,
}: GeneratedPasswordFieldProps) {
  return (
    <div>
      <PasswordInput
        label="Password"
        description="A strong password is prefilled for the new admin; it is encrypted before it is sent."
        required
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': 'Show password', tabIndex: 0 }}
        {...inputProps}
      />
      <Group gap="xs" mt={6}>
        <CopyButton value={password} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={
                copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
              }
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy password'}
            </Button>
          )}
        </CopyButton>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRenew}
        >
          New password
        </Button>
      </Group>
    </div>
  );
}

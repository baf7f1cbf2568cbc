import { Anchor, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AuthResponse } from '@resonant/contracts/auth';
import { MFA_CHALLENGE_EXPIRED_MESSAGE, VerifyTwoFactorBody } from '@resonant/contracts/two-factor';
import { ApiError } from '../../../lib/api-error.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useVerifySecondFactor } from '../api/verify-second-factor.ts';
import { AuthForm } from './auth-form.tsx';

interface SecondFactorFormProps {
  challenge: string;
  onSignedIn: (auth: AuthResponse) => void;
  /** Back to the password (asked again when the challenge has expired). */
  onRestart: () => void;
}

/**
 * The sign-in's second step: a current code of the authenticator app, or one of the recovery
 * codes. A wrong code keeps the step; an expired challenge goes back to the password.
 */
export function SecondFactorForm({ challenge, onSignedIn, onRestart }: SecondFactorFormProps) {
  const verify = useVerifySecondFactor();
  const form = useForm({
    initialValues: { challenge, code: '' },
    validate: zodResolver(VerifyTwoFactorBody),
  });

  const handleSubmit = form.onSubmit((values) => {
    verify.mutate(VerifyTwoFactorBody.parse(values), {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.message === MFA_CHALLENGE_EXPIRED_MESSAGE) {
          onRestart();
        } else {
          form.setFieldValue('code', '');
        }
      },
    });
  });

  return (
    <AuthForm
      title="Two-factor authentication"
      intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      focusTitle
      gap="md"
      error={verify.error}
      pending={verify.isPending}
      submitLabel="Verify"
      onSubmit={handleSubmit}
    >
      <TextInput
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        placeholder="123456"
        required
        data-autofocus
        {...form.getInputProps('code')}
      />
      <Text size="sm">
        <Anchor component="button" type="button" onClick={onRestart}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthForm>
  );
}

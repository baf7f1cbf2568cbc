import { useId } from 'react';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SignUpBody } from '@resonant/contracts/auth';
import type { AuthResponse } from '@resonant/contracts/auth';
import { retryAtOf } from '../../../lib/retry-after.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useSignUp } from '../api/sign-up.ts';
import { ProfileFields, type ProfileFieldValues } from './profile-fields.tsx';
import { WaitNotice } from './wait-notice.tsx';

interface SignUpValues extends ProfileFieldValues {
  email: string;
  password: string;
}

interface SignUpFormProps {
  onSignedUp: (auth: AuthResponse) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const titleId = useId();
  const signUp = useSignUp();
  const retryAt = retryAtOf(signUp.error);
  const form = useForm<SignUpValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      gender: null,
      birthDate: null,
      email: '',
      password: '',
    },
    validate: zodResolver(SignUpBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    signUp.mutate(SignUpBody.parse(values), { onSuccess: onSignedUp });
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} id={titleId}>
            Create account
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Start following your heart-rate variability.
          </Text>
        </div>
        <ProfileFields form={form} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          required
          {...form.getInputProps('password')}
        />
        {retryAt && <WaitNotice key={retryAt.getTime()} retryAt={retryAt} />}
        <Button type="submit" size="md" fullWidth loading={signUp.isPending} mt="xs">
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}

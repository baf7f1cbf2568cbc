import { useId } from 'react';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SignInBody } from '@resonant/contracts/auth';
import type { AuthResponse } from '@resonant/contracts/auth';
import { retryAtOf } from '../../../lib/retry-after.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useSignIn } from '../api/sign-in.ts';
import { WaitNotice } from './wait-notice.tsx';

interface SignInFormProps {
  onSignedIn: (auth: AuthResponse) => void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const titleId = useId();
  const signIn = useSignIn();
  const retryAt = retryAtOf(signIn.error);
  const form = useForm<SignInBody>({
    initialValues: { email: '', password: '' },
    validate: zodResolver(SignInBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate(SignInBody.parse(values), { onSuccess: onSignedIn });
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} id={titleId}>
            Sign in
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Welcome back. Sign in to follow your programme.
          </Text>
        </div>
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
          autoComplete="current-password"
          placeholder="Your password"
          required
          {...form.getInputProps('password')}
        />
        {retryAt && <WaitNotice key={retryAt.getTime()} retryAt={retryAt} />}
        <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}

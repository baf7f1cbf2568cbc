import { Anchor } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { SignInBody } from '@resonant/contracts/auth';
import type { SignInResponse } from '@resonant/contracts/auth';
import { paths } from '../../../config/paths.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthForm } from './auth-form.tsx';
import { EmailField, PasswordField } from './credential-fields.tsx';

interface SignInFormProps {
  /** A session, or the challenge of the account's second factor. */
  onSignedIn: (answer: SignInResponse) => void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const form = useForm<SignInBody>({
    initialValues: { email: '', password: '' },
    validate: zodResolver(SignInBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate(SignInBody.parse(values), { onSuccess: onSignedIn });
  });

  return (
    <AuthForm
      title="Sign in"
      intro="Welcome back. Sign in to follow your programme."
      gap="md"
      error={signIn.error}
      pending={signIn.isPending}
      submitLabel="Sign In"
      onSubmit={handleSubmit}
    >
      <EmailField {...form.getInputProps('email')} />
      <PasswordField {...form.getInputProps('password')} />
      <Anchor component={Link} to={paths.forgotPassword} size="sm">
        Forgot password?
      </Anchor>
    </AuthForm>
  );
}

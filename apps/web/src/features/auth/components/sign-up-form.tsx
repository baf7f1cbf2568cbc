import { useForm } from '@mantine/form';
import { SignUpBody } from '@resonant/contracts/auth';
import type { AuthResponse } from '@resonant/contracts/auth';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthForm } from './auth-form.tsx';
import { EmailField, PasswordField } from './credential-fields.tsx';
import { EMPTY_PROFILE, ProfileFields, type ProfileFieldValues } from './profile-fields.tsx';

interface SignUpValues extends ProfileFieldValues {
  email: string;
  password: string;
}

interface SignUpFormProps {
  onSignedUp: (auth: AuthResponse) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const form = useForm<SignUpValues>({
    initialValues: { ...EMPTY_PROFILE, email: '', password: '' },
    validate: zodResolver(SignUpBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    signUp.mutate(SignUpBody.parse(values), { onSuccess: onSignedUp });
  });

  return (
    <AuthForm
      title="Create account"
      intro="Start following your heart-rate variability."
      gap="sm"
      error={signUp.error}
      pending={signUp.isPending}
      submitLabel="Sign Up"
      onSubmit={handleSubmit}
    >
      <ProfileFields form={form} />
      <EmailField {...form.getInputProps('email')} />
      <PasswordField isNew {...form.getInputProps('password')} />
    </AuthForm>
  );
}

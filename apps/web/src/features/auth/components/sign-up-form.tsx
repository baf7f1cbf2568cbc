import { useState } from 'react';
import { useForm } from '@mantine/form';
import { SignUpBody } from '@resonant/contracts/auth';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthForm } from './auth-form.tsx';
import { CheckInboxNotice } from './check-inbox-notice.tsx';
import { EmailField, PasswordField } from './credential-fields.tsx';
import { EMPTY_PROFILE, ProfileFields, type ProfileFieldValues } from './profile-fields.tsx';

interface SignUpValues extends ProfileFieldValues {
  email: string;
  password: string;
}

interface SignUpFormProps {
  /** Back to the sign-in panel, once the confirmation link was sent. */
  onSignIn: () => void;
}

/**
 * The password sign-up. It does not sign in (issue 27): the answer is the same for any address,
 * and the form gives way to "Check your inbox" until the mailed link confirms the address.
 */
export function SignUpForm({ onSignIn }: SignUpFormProps) {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    initialValues: { ...EMPTY_PROFILE, email: '', password: '' },
    validate: zodResolver(SignUpBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const body = SignUpBody.parse(values);
    signUp.mutate(body, {
      onSuccess: () => {
        setSentTo(body.email);
        form.reset();
      },
    });
  });

  if (sentTo) {
    return (
      <CheckInboxNotice
        email={sentTo}
        onSignIn={() => {
          setSentTo(null);
          onSignIn();
        }}
      />
    );
  }

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

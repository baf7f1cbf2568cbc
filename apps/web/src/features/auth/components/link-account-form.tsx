import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SignInResponse } from '@resonant/contracts/auth';
import {
  LinkWithPasswordBody,
  providerLinkedMessage,
  type PendingSocialSignUp,
} from '@resonant/contracts/social-sign-in';
import { showSuccess } from '../../../lib/notify.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useLinkWithPassword } from '../api/link-with-password.ts';
import { isExpiredSignUp } from '../expired-sign-up.ts';
import { AuthForm } from './auth-form.tsx';
import { PasswordField } from './credential-fields.tsx';
import { EmailText } from './email-text.tsx';
import { SocialIdentityCard } from './social-identity-card.tsx';

interface LinkAccountFormProps {
  pending: PendingSocialSignUp;
  onSignedIn: (answer: SignInResponse) => void;
  onExpired: () => void;
}

/**
 * The provider verified an email that already has an account: its password proves the account
 * before the identity is linked to it (never silently), then the person is signed in.
 */
export function LinkAccountForm({ pending, onSignedIn, onExpired }: LinkAccountFormProps) {
  const linkWithPassword = useLinkWithPassword();
  const { label } = pending.provider;
  const form = useForm<LinkWithPasswordBody>({
    initialValues: { password: '' },
    validate: zodResolver(LinkWithPasswordBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    linkWithPassword.mutate(LinkWithPasswordBody.parse(values), {
      onSuccess: (auth) => {
        showSuccess(providerLinkedMessage(label));
        onSignedIn(auth);
      },
      onError: (error) => {
        if (isExpiredSignUp(error)) onExpired();
      },
    });
  });

  return (
    <AuthForm
      title={`Link ${label}`}
      intro={
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          An account with {pending.email ? <EmailText email={pending.email} /> : 'this email'}{' '}
          already exists. Enter its password to link {label} to it; after that you can sign in with
          either.
        </Text>
      }
      focusTitle
      gap="md"
      error={linkWithPassword.error}
      pending={linkWithPassword.isPending}
      submitLabel="Link and Sign In"
      onSubmit={handleSubmit}
    >
      <SocialIdentityCard pending={pending} />
      {/* The account's email for password managers, which fill the password by it. */}
      <input
        type="email"
        name="email"
        autoComplete="username"
        value={pending.email ?? ''}
        readOnly
        hidden
      />
      <PasswordField {...form.getInputProps('password')} />
    </AuthForm>
  );
}

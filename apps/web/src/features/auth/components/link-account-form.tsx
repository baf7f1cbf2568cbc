import { useId } from 'react';
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AuthResponse } from '@resonant/contracts/auth';
import {
  LinkWithPasswordBody,
  providerLinkedMessage,
  type PendingSocialSignUp,
} from '@resonant/contracts/social-sign-in';
import { showSuccess } from '../../../lib/notify.tsx';
import { retryAtOf } from '../../../lib/retry-after.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useLinkWithPassword } from '../api/link-with-password.ts';
import { isExpiredSignUp } from '../expired-sign-up.ts';
import { EmailText } from './email-text.tsx';
import { SocialIdentityCard } from './social-identity-card.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { WaitNotice } from './wait-notice.tsx';

interface LinkAccountFormProps {
  pending: PendingSocialSignUp;
  onSignedIn: (auth: AuthResponse) => void;
  onExpired: () => void;
}

/**
 * The provider verified an email that already has an account: its password proves the account
 * before the identity is linked to it (never silently), then the person is signed in.
 */
export function LinkAccountForm({ pending, onSignedIn, onExpired }: LinkAccountFormProps) {
  const titleId = useId();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const linkWithPassword = useLinkWithPassword();
  const retryAt = retryAtOf(linkWithPassword.error);
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
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} id={titleId} ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
            Link {label}
          </Title>
          <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
            An account with {pending.email ? <EmailText email={pending.email} /> : 'this email'}{' '}
            already exists. Enter its password to link {label} to it; after that you can sign in
            with either.
          </Text>
        </div>
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          {...form.getInputProps('password')}
        />
        {retryAt && <WaitNotice key={retryAt.getTime()} retryAt={retryAt} />}
        <Button type="submit" size="md" fullWidth loading={linkWithPassword.isPending} mt="xs">
          Link and Sign In
        </Button>
      </Stack>
    </form>
  );
}

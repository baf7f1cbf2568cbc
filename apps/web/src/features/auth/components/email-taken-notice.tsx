import { useId } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import type { PendingSocialSignUp } from '@resonant/contracts/social-sign-in';
import { EmailText } from './email-text.tsx';
import { SocialIdentityCard } from './social-identity-card.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';

interface EmailTakenNoticeProps {
  pending: PendingSocialSignUp;
  onSignIn: () => void;
}

/**
 * An account has this email, but the provider did not verify it (or it is the development
 * provider): it cannot be linked from here, only by the account's owner once signed in.
 */
export function EmailTakenNotice({ pending, onSignIn }: EmailTakenNoticeProps) {
  const titleId = useId();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const { label } = pending.provider;
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <div>
        <Title order={2} id={titleId} ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
          You already have an account
        </Title>
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          An account with {pending.email ? <EmailText email={pending.email} /> : 'this email'}{' '}
          already exists. Sign in with its email and password, then link {label} under Sign-in
          methods in your profile menu.
        </Text>
      </div>
      <SocialIdentityCard pending={pending} />
      <Button size="md" fullWidth onClick={onSignIn} mt="xs">
        Back to Sign In
      </Button>
    </Stack>
  );
}

import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { CHECK_INBOX_MESSAGE } from '@resonant/contracts/email-verification';
import { useFocusOnMount } from './use-focus-on-mount.ts';

interface CheckInboxNoticeProps {
  email: string;
  onSignIn: () => void;
}

/** What a sign-up shows in place of its form: the same for any address, whether it has an account. */
export function CheckInboxNotice({ email, onSignIn }: CheckInboxNoticeProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Stack align="center" ta="center" gap="md" role="status">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconMailForward size={32} aria-hidden />
      </ThemeIcon>
      <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        Check your inbox
      </Title>
      <Text>{CHECK_INBOX_MESSAGE}</Text>
      <Text size="sm" c="dimmed">
        Sent to <strong>{email}</strong>. Open the link to confirm your email address, then sign in
        with the password you chose. Nothing arrived? Look in your spam folder; you can ask for a
        new link once signed in.
      </Text>
      <Button onClick={onSignIn}>Sign in</Button>
    </Stack>
  );
}

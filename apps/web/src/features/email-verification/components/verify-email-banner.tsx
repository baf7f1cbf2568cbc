import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import type { UserProfile } from '@resonant/contracts/profile';
import { showSuccess } from '../../../lib/notify.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

interface VerifyEmailBannerProps {
  user: UserProfile;
}

/**
 * The "Verify your email" state of an account that has not proven its address (issue 27): shown
 * in every area's frame until the mailed link is opened, with a way to get a new link.
 */
export function VerifyEmailBanner({ user }: VerifyEmailBannerProps) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;

  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      title="Verify your email"
      icon={<IconMailExclamation size={20} aria-hidden />}
      // A standing state of the account, not an interruption: a named region, not an alert.
      role="region"
      aria-label="Verify your email"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" maw={640}>
          Confirm that <strong>{user.email}</strong> is yours with the link we mail to it; until
          then, organizations cannot find you by it.
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, { onSuccess: (answer) => showSuccess(answer.message) })
          }
        >
          Send me the link
        </Button>
      </Group>
    </Alert>
  );
}

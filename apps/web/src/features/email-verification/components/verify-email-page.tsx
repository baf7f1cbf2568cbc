import type { ReactNode } from 'react';
import { Box, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconLinkOff, IconLogin, IconMailCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LinkStatusCard } from '../../../components/link-status-card.tsx';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { refetchCurrentUser, useSession } from '../../../lib/session.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

const LINK_INCOMPLETE_MESSAGE =
  'This confirmation link is incomplete. Open the link from the email again, whole.';

function PageShell({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
      <Stack maw={600} mx="auto" gap="md">
        <Logo size={32} />
        {children}
      </Stack>
    </Box>
  );
}

/** Where the confirmed person goes next: sign in (new sign-ups land on /welcome), or back in. */
function NextStep({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <Button component={Link} to={paths.home}>
        Continue
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={`${paths.login}?redirectTo=${encodeURIComponent(paths.welcome)}`}
      leftSection={<IconLogin size={18} aria-hidden />}
    >
      Sign in
    </Button>
  );
}

/**
 * /verify-email?it=: confirms the address a sign-up's link was mailed to. The person presses the
 * button (a mail scanner fetching the link confirms nothing); it does not sign in.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your email · Resonant');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('it');
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const verify = useVerifyEmail();

  if (!token) {
    return (
      <PageShell>
        <LinkStatusCard
          icon={<IconLinkOff size={32} aria-hidden />}
          color="red"
          title={LINK_INCOMPLETE_MESSAGE}
        />
      </PageShell>
    );
  }
  if (verify.isSuccess) {
    return (
      <PageShell>
        <LinkStatusCard
          icon={<IconCircleCheck size={32} aria-hidden />}
          color="teal"
          title="Email confirmed — sign in"
          actions={<NextStep signedIn={signedIn} />}
          focusTitle
        >
          <Text c="dimmed">
            {verify.data.email} is confirmed.{' '}
            {signedIn ? 'You can carry on.' : 'Sign in with the password you chose.'}
          </Text>
        </LinkStatusCard>
      </PageShell>
    );
  }
  if (verify.isError) {
    return (
      <PageShell>
        <LinkStatusCard
          icon={<IconLinkOff size={32} aria-hidden />}
          color="red"
          title="This link cannot confirm your email"
          actions={<NextStep signedIn={signedIn} />}
          focusTitle
        >
          <Text c="dimmed">{verify.error.message}</Text>
        </LinkStatusCard>
      </PageShell>
    );
  }
  return (
    <PageShell>
      <LinkStatusCard
        icon={<IconMailCheck size={32} aria-hidden />}
        title="Confirm your email address"
        actions={
          <Button
            loading={verify.isPending}
            onClick={() =>
              verify.mutate(token, {
                // A signed-in browser shows the confirmed state (the banner goes) at once.
                onSuccess: () => void (signedIn && refetchCurrentUser()),
              })
            }
          >
            Confirm my email address
          </Button>
        }
      >
        <Text c="dimmed">
          Confirm that this address is yours to finish setting up your account.
        </Text>
      </LinkStatusCard>
    </PageShell>
  );
}

import type { ReactNode } from 'react';
import { Box, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconLinkOff, IconMailCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LinkStatusCard } from '../../../components/link-status-card.tsx';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { refetchCurrentUser, useSession } from '../../../lib/session.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';

const LINK_INCOMPLETE_MESSAGE =
  'This link is incomplete. Open the link from the email again, whole.';

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

function Continue({ signedIn }: { signedIn: boolean }) {
  return (
    <Button component={Link} to={signedIn ? paths.user.settings : paths.login}>
      {signedIn ? 'Back to Settings' : 'Sign in'}
    </Button>
  );
}

/**
 * /confirm-email-change?it=: moves the account to the address the link was mailed to. The person
 * presses the button (a mail scanner fetching the link changes nothing); sessions stay.
 */
export function ConfirmEmailChangePage() {
  useDocumentTitle('Confirm your new email · Resonant');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('it');
  const signedIn = useSession().status === 'signed-in';
  const confirm = useConfirmEmailChange();

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
  if (confirm.isSuccess || confirm.isError) {
    return (
      <PageShell>
        <LinkStatusCard
          icon={
            confirm.isSuccess ? (
              <IconCircleCheck size={32} aria-hidden />
            ) : (
              <IconLinkOff size={32} aria-hidden />
            )
          }
          color={confirm.isSuccess ? 'teal' : 'red'}
          title={
            confirm.isSuccess
              ? 'Your email address is changed'
              : 'This link cannot change your email'
          }
          actions={<Continue signedIn={signedIn} />}
          focusTitle
        >
          <Text c="dimmed">
            {confirm.isSuccess
              ? `Sign in with ${confirm.data.email} from now on.`
              : confirm.error.message}
          </Text>
        </LinkStatusCard>
      </PageShell>
    );
  }
  return (
    <PageShell>
      <LinkStatusCard
        icon={<IconMailCheck size={32} aria-hidden />}
        title="Use this email address"
        actions={
          <Button
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(token, {
                onSuccess: () => void (signedIn && refetchCurrentUser()),
              })
            }
          >
            Use this email address
          </Button>
        }
      >
        <Text c="dimmed">Confirm that this address is yours: your account moves to it.</Text>
      </LinkStatusCard>
    </PageShell>
  );
}

import { useId, useState } from 'react';
import { Badge, Button, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconPassword } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { formatDate } from '../../../lib/hrv-format.ts';
import { useSignInMethods } from '../api/get-sign-in-methods.ts';
import { useLinkProvider } from '../api/link-provider.ts';
import { useUnlinkIdentity } from '../api/unlink-identity.ts';
import { providerRows, unlinkRefusal, type ProviderRow } from '../sign-in-method-rows.ts';
import { EmailText } from './email-text.tsx';
import { ProviderMark } from './provider-mark.tsx';
import { SignInMethodRow } from './sign-in-method-row.tsx';

interface SignInMethodsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The profile popover's Sign-in methods: the password (set or not) and each provider, linked (as
 * whom, since when) with Unlink, or Link, which goes to the provider and comes back to this page.
 * The last way to sign in cannot be unlinked; an identity of a provider no longer configured is
 * shown as no longer available.
 */
export function SignInMethodsDialog({ opened, onClose }: SignInMethodsDialogProps) {
  const fullScreen = useFullScreenDialog();
  const location = useLocation();
  const baseId = useId();
  const methods = useSignInMethods({ enabled: opened });
  const { link, leavingFor } = useLinkProvider();
  const unlink = useUnlinkIdentity();
  const [asking, setAsking] = useState(false);
  // Kept once the question closes, so its words stay while it fades out.
  const [unlinking, setUnlinking] = useState<ProviderRow | null>(null);
  const actionId = (provider: string) => `${baseId}-${provider}`;
  const refusalId = (provider: string) => `${baseId}-${provider}-refusal`;
  const listId = `${baseId}-list`;

  // The row's button (Link, once unlinked) takes the focus back; the list is read again first. A
  // row that is gone (a provider no longer configured) leaves it to the list's first button.
  const focusAfterQuestion = () => {
    if (!unlinking) return;
    const list = document.getElementById(listId);
    const target =
      document.getElementById(actionId(unlinking.provider)) ??
      list?.querySelector<HTMLElement>('button:not(:disabled)') ??
      list;
    target?.focus();
  };

  let body;
  if (methods.isPending) {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton h={62} radius="md" />
        <Skeleton h={62} radius="md" />
      </Stack>
    );
  } else if (methods.isError) {
    body = (
      <LoadError
        what="Your sign-in methods"
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  } else {
    const busy = leavingFor !== undefined;
    body = (
      <Stack
        id={listId}
        component="ul"
        tabIndex={-1}
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none', outline: 'none' }}
      >
        <SignInMethodRow
          name="Password"
          icon={<IconPassword size={20} aria-hidden />}
          detail={
            methods.data.has_password
              ? 'Sign in with your email and password.'
              : 'You sign in with a provider only.'
          }
          action={
            <Badge variant="light" color={methods.data.has_password ? 'teal' : 'gray'} tt="none">
              {methods.data.has_password ? 'Set' : 'Not set'}
            </Badge>
          }
        />
        {providerRows(methods.data).map((row) => {
          const { identity } = row;
          if (identity) {
            const refusal = unlinkRefusal(methods.data, identity);
            return (
              <SignInMethodRow
                key={row.provider}
                name={row.label}
                icon={<ProviderMark kind={row.kind} size={20} />}
                detail={
                  <>
                    {identity.email && (
                      <>
                        <EmailText email={identity.email} />
                        <br />
                      </>
                    )}
                    Linked {formatDate(identity.linked_at)}
                    {!row.available && (
                      <>
                        <br />
                        No longer available for sign-in on this server.
                      </>
                    )}
                  </>
                }
                note={
                  refusal && (
                    <Text id={refusalId(row.provider)} size="xs" c="orange.9" mt={4}>
                      {refusal}
                    </Text>
                  )
                }
                action={
                  <Button
                    id={actionId(row.provider)}
                    variant="light"
                    color="red"
                    size="xs"
                    aria-label={`Unlink ${row.label}`}
                    disabled={refusal !== null || busy}
                    aria-describedby={refusal ? refusalId(row.provider) : undefined}
                    onClick={() => {
                      setUnlinking(row);
                      setAsking(true);
                    }}
                  >
                    Unlink
                  </Button>
                }
              />
            );
          }
          return (
            <SignInMethodRow
              key={row.provider}
              name={row.label}
              icon={<ProviderMark kind={row.kind} size={20} />}
              detail={row.development ? 'Not linked · development sign-in' : 'Not linked'}
              action={
                <Button
                  id={actionId(row.provider)}
                  variant="light"
                  size="xs"
                  aria-label={`Link ${row.label}`}
                  loading={leavingFor === row.provider}
                  disabled={busy && leavingFor !== row.provider}
                  onClick={() =>
                    link({
                      provider: row.provider,
                      returnTo: `${location.pathname}${location.search}`,
                    })
                  }
                >
                  Link
                </Button>
              }
            />
          );
        })}
      </Stack>
    );
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        // Esc belongs to the Unlink question while it is open (and busy): Mantine's modals each
        // listen on the window, so this one would close too.
        closeOnEscape={!asking}
        title="Sign-in methods"
        fullScreen={fullScreen}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm" c="dimmed" mb="md">
          The ways you can sign in to Resonant. Linking takes you to the provider and back here.
        </Text>
        {body}
      </Modal>
      <ConfirmDialog
        opened={asking}
        title={`Unlink ${unlinking?.label}?`}
        message={`You will no longer be able to sign in with ${unlinking?.label}.`}
        confirmLabel="Unlink"
        loading={unlink.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          if (unlinking?.identity) {
            unlink.mutate(unlinking.identity, { onSettled: () => setAsking(false) });
          }
        }}
        onClosed={focusAfterQuestion}
      />
    </>
  );
}

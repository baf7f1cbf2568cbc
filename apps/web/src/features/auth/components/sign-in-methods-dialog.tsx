import { useId, useState } from 'react';
import { Modal, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { useSignInMethods } from '../api/get-sign-in-methods.ts';
import { useLinkProvider } from '../api/link-provider.ts';
import { useUnlinkIdentity } from '../api/unlink-identity.ts';
import type { ProviderRow } from '../sign-in-method-rows.ts';
import { methodActionId, SignInMethodsList } from './sign-in-methods-list.tsx';

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
  const listId = useId();
  const methods = useSignInMethods({ enabled: opened });
  const { link, leavingFor } = useLinkProvider();
  const unlink = useUnlinkIdentity();
  const [asking, setAsking] = useState(false);
  // Kept once the question closes, so its words stay while it fades out.
  const [unlinking, setUnlinking] = useState<ProviderRow | null>(null);

  // The row's button (Link, once unlinked) takes the focus back; the list is read again first. A
  // row that is gone (a provider no longer configured) leaves it to the list's first button.
  const focusAfterQuestion = () => {
    if (!unlinking) return;
    const list = document.getElementById(listId);
    const target =
      document.getElementById(methodActionId(listId, unlinking.provider)) ??
      list?.querySelector<HTMLElement>('button:not(:disabled)') ??
      list;
    target?.focus();
  };

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
        <QueryContent
          query={methods}
          what="Your sign-in methods"
          loading={<SkeletonRows height={62} />}
        >
          {(data) => (
            <SignInMethodsList
              id={listId}
              methods={data}
              leavingFor={leavingFor}
              onLink={(row) =>
                link({
                  provider: row.provider,
                  returnTo: `${location.pathname}${location.search}`,
                })
              }
              onUnlink={(row) => {
                setUnlinking(row);
                setAsking(true);
              }}
            />
          )}
        </QueryContent>
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

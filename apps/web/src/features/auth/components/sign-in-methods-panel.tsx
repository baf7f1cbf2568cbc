import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useSignInMethods } from '../api/get-sign-in-methods.ts';
import { useLinkProvider } from '../api/link-provider.ts';
import { useUnlinkIdentity } from '../api/unlink-identity.ts';
import type { ProviderRow } from '../sign-in-method-rows.ts';
import { methodActionId, SignInMethodsList } from './sign-in-methods-list.tsx';

interface SignInMethodsPanelProps {
  /** Read the methods (a closed dialog does not). */
  enabled: boolean;
  /** The Unlink question opens or closes (a dialog leaves Esc to it meanwhile). */
  onAskingChange?: (asking: boolean) => void;
}

/**
 * The password (set or not) and each provider, linked (as whom, since when) with Unlink, or Link,
 * which goes to the provider and comes back to this page. The last way to sign in cannot be
 * unlinked; an identity of a provider no longer configured is shown as no longer available.
 * Shown in the profile menu's dialog and in Settings.
 */
export function SignInMethodsPanel({ enabled, onAskingChange }: SignInMethodsPanelProps) {
  const location = useLocation();
  const listId = useId();
  const methods = useSignInMethods({ enabled });
  const { link, leavingFor } = useLinkProvider();
  const unlink = useUnlinkIdentity();
  const [asking, setAskingState] = useState(false);
  // Kept once the question closes, so its words stay while it fades out.
  const [unlinking, setUnlinking] = useState<ProviderRow | null>(null);
  const setAsking = (next: boolean) => {
    setAskingState(next);
    onAskingChange?.(next);
  };

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
              link({ provider: row.provider, returnTo: `${location.pathname}${location.search}` })
            }
            onUnlink={(row) => {
              setUnlinking(row);
              setAsking(true);
            }}
          />
        )}
      </QueryContent>
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

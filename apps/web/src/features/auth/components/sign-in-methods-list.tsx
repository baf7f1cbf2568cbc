import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPassword } from '@tabler/icons-react';
import type { LinkedIdentity, SignInMethodsResponse } from '@resonant/contracts/social-sign-in';
import { formatDate } from '../../../lib/hrv-format.ts';
import { providerRows, unlinkRefusal, type ProviderRow } from '../sign-in-method-rows.ts';
import { EmailText } from './email-text.tsx';
import { ProviderMark } from './provider-mark.tsx';
import { SignInMethodRow } from './sign-in-method-row.tsx';

/** The id of a provider row's Link or Unlink button, which takes the focus back after Unlink. */
export const methodActionId = (listId: string, provider: string) => `${listId}-${provider}`;

interface SignInMethodsListProps {
  id: string;
  methods: SignInMethodsResponse;
  /** The provider the browser is leaving for after Link; every other button waits meanwhile. */
  leavingFor: string | undefined;
  onLink: (row: ProviderRow) => void;
  onUnlink: (row: ProviderRow) => void;
}

/** The password (set or not), then each provider, linked with Unlink or not linked with Link. */
export function SignInMethodsList({
  id,
  methods,
  leavingFor,
  onLink,
  onUnlink,
}: SignInMethodsListProps) {
  const busy = leavingFor !== undefined;
  return (
    <Stack
      id={id}
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
          methods.has_password
            ? 'Sign in with your email and password.'
            : 'You sign in with a provider only.'
        }
        action={
          <Badge variant="light" color={methods.has_password ? 'teal' : 'gray'} tt="none">
            {methods.has_password ? 'Set' : 'Not set'}
          </Badge>
        }
      />
      {providerRows(methods).map((row) =>
        row.identity ? (
          <LinkedProviderRow
            key={row.provider}
            listId={id}
            row={row}
            identity={row.identity}
            refusal={unlinkRefusal(methods, row.identity)}
            busy={busy}
            onUnlink={() => onUnlink(row)}
          />
        ) : (
          <SignInMethodRow
            key={row.provider}
            name={row.label}
            icon={<ProviderMark kind={row.kind} size={20} />}
            detail={row.development ? 'Not linked · development sign-in' : 'Not linked'}
            action={
              <Button
                id={methodActionId(id, row.provider)}
                variant="light"
                size="xs"
                aria-label={`Link ${row.label}`}
                loading={leavingFor === row.provider}
                disabled={busy && leavingFor !== row.provider}
                onClick={() => onLink(row)}
              >
                Link
              </Button>
            }
          />
        ),
      )}
    </Stack>
  );
}

interface LinkedProviderRowProps {
  listId: string;
  row: ProviderRow;
  identity: LinkedIdentity;
  /** Why it cannot be unlinked (the last way to sign in), or null. */
  refusal: string | null;
  busy: boolean;
  onUnlink: () => void;
}

/** A linked identity: as whom and since when, and Unlink (or why not). */
function LinkedProviderRow({
  listId,
  row,
  identity,
  refusal,
  busy,
  onUnlink,
}: LinkedProviderRowProps) {
  const refusalId = `${methodActionId(listId, row.provider)}-refusal`;
  return (
    <SignInMethodRow
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
          <Text id={refusalId} size="xs" c="orange" mt={4}>
            {refusal}
          </Text>
        )
      }
      action={
        <Button
          id={methodActionId(listId, row.provider)}
          variant="light"
          color="red"
          size="xs"
          aria-label={`Unlink ${row.label}`}
          disabled={refusal !== null || busy}
          aria-describedby={refusal ? refusalId : undefined}
          onClick={onUnlink}
        >
          Unlink
        </Button>
      }
    />
  );
}

import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { AccountSession } from '@resonant/contracts/account-sessions';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { actionsColumn, RowAction } from '../../../components/row-actions.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/hrv-format.ts';
import { useAccountSessions } from '../api/get-account-sessions.ts';
import { useRevokeAccountSession } from '../api/revoke-account-session.ts';
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts';

const deviceName = (session: AccountSession) =>
  [session.browser ?? 'Unknown browser', session.os].filter(Boolean).join(' on ');

/** Settings: the devices signed in to the account, each signed out on its own or all at once. */
export function SignedInDevicesSection() {
  const sessions = useAccountSessions();
  const revoke = useRevokeAccountSession();
  const everywhere = useSignOutEverywhere();
  const [revoking, setRevoking] = useState<AccountSession | null>(null);
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);

  const columns: DataColumn<AccountSession>[] = [
    {
      key: 'device',
      header: 'Device',
      render: (session) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{deviceName(session)}</Text>
          {session.current && (
            <Badge size="sm" variant="light">
              This device
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'ip', header: 'IP address', noWrap: true, render: (session) => session.ip ?? '—' },
    {
      key: 'lastSeen',
      header: 'Last seen',
      noWrap: true,
      render: (session) => formatDateTime(session.lastSeenAt),
    },
    {
      key: 'signedIn',
      header: 'Signed in',
      noWrap: true,
      render: (session) => formatDateTime(session.createdAt),
    },
    actionsColumn((session) => (
      <RowAction
        label={`Sign out ${deviceName(session)}${session.current ? ' (this device)' : ''}`}
        tooltip="Sign out"
        icon={IconLogout}
        color="red"
        busy={revoke.isPending && revoke.variables?.id === session.id ? 'Signing out' : undefined}
        onClick={() => setRevoking(session)}
      />
    )),
  ];

  return (
    <SectionCard
      title="Signed-in devices"
      description="Where your account is signed in now. Sign out a device you do not recognise."
      padding="roomy"
      actions={
        <Button variant="default" color="red" onClick={() => setConfirmEverywhere(true)}>
          Sign out everywhere
        </Button>
      }
    >
      <QueryContent query={sessions} what="The signed-in devices" loading={null}>
        {(data) => (
          <DataTable
            label="Signed-in devices"
            columns={columns}
            rows={data.sessions}
            rowKey={(session) => session.id}
            emptyText="No devices"
          />
        )}
      </QueryContent>
      <ConfirmDialog
        opened={revoking !== null}
        title="Sign out this device?"
        message={
          revoking?.current
            ? 'This is the device you are using: you will be signed out here.'
            : `${revoking ? deviceName(revoking) : 'The device'} will be signed out and must sign in again.`
        }
        confirmLabel="Sign out"
        loading={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
        }}
        onClose={() => setRevoking(null)}
      />
      <ConfirmDialog
        opened={confirmEverywhere}
        title="Sign out everywhere?"
        message="Every device signed in to your account is signed out, this one too: you will need to sign in again."
        confirmLabel="Sign out everywhere"
        loading={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirmEverywhere(false)}
      />
    </SectionCard>
  );
}

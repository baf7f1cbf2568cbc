import { useState } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import type { ApiToken, CreatedApiTokenResponse } from '@resonant/contracts/api-tokens';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { actionsColumn, RowAction } from '../../../components/row-actions.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/hrv-format.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { CreateApiTokenDialog } from './create-api-token-dialog.tsx';
import { NewApiTokenDialog } from './new-api-token-dialog.tsx';

const expired = (token: ApiToken) => Date.parse(token.expiresAt) <= Date.now();

const columns = (onRevoke: (token: ApiToken) => void, revoking: string | undefined) =>
  [
    { key: 'name', header: 'Name', render: (token) => token.name },
    {
      key: 'scopes',
      header: 'Scopes',
      noWrap: true,
      render: (token) => (
        <Stack gap={0}>
          {token.scopes.map((scope) => (
            <Text key={scope} size="sm" ff="monospace">
              {scope}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      noWrap: true,
      render: (token) => formatDate(token.createdAt),
    },
    {
      key: 'expires',
      header: 'Expires',
      noWrap: true,
      render: (token) =>
        expired(token) ? (
          <Badge size="sm" color="red" variant="light">
            Expired {formatDate(token.expiresAt)}
          </Badge>
        ) : (
          formatDate(token.expiresAt)
        ),
    },
    {
      key: 'lastUsed',
      header: 'Last used',
      noWrap: true,
      render: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'),
    },
    actionsColumn((token) => (
      <RowAction
        label={`Revoke ${token.name}`}
        tooltip="Revoke"
        icon={IconTrash}
        color="red"
        busy={revoking === token.id ? 'Revoking' : undefined}
        onClick={() => onRevoke(token)}
      />
    )),
  ] satisfies DataColumn<ApiToken>[];

/**
 * Settings: the person's personal API tokens for integrations, listed with their last use, made
 * with a name, scopes and an expiry (the secret shown once), and revoked.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiTokenResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const busyId = revoke.isPending ? revoke.variables?.id : undefined;

  return (
    <SectionCard
      title="API tokens"
      description="Personal tokens let a script or spreadsheet upload or read your readings through the /api/v1 API, as you. Anyone with a token can do what its scopes allow until it expires or you revoke it."
      padding="roomy"
      actions={
        <Button leftSection={<IconKey size={16} />} onClick={() => setCreating(true)}>
          New token
        </Button>
      }
    >
      <QueryContent query={tokens} what="Your API tokens" loading={null}>
        {(data) => (
          <DataTable
            label="API tokens"
            columns={columns(setRevoking, busyId)}
            rows={data.tokens}
            rowKey={(token) => token.id}
            emptyText="No API tokens yet"
          />
        )}
      </QueryContent>
      <CreateApiTokenDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
      <NewApiTokenDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this token?"
        message={`${revoking?.name ?? 'The token'} stops working at once: every script or spreadsheet using it is refused from now on. This cannot be undone.`}
        confirmLabel="Revoke token"
        loading={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
        }}
        onClose={() => setRevoking(null)}
      />
      <Text size="xs" c="dimmed">
        Last use is recorded to the minute.
      </Text>
    </SectionCard>
  );
}

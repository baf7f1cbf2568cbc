import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconUserPlus } from '@tabler/icons-react';
import {
  INVITATIONS_PAGE_SIZES,
  type Invitation,
  type InvitationsSort,
} from '@resonant/contracts/invitations';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MailStatusBadge } from '../../../components/mail-status-badge.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { formatDate, NO_VALUE } from '../../../lib/hrv-format.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { canResend, invitationStatusBadge } from '../invitation-display.ts';
import type { InvitationsMode } from '@resonant/contracts/invitations-policies';
import { InviteUserDialog } from './invite-user-dialog.tsx';

const TITLE = 'Invitations';
const SEARCH_DEBOUNCE_MS = 300;
// Cells keep to one line: on a phone the table scrolls sideways instead of stacking letters.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const DESCRIPTIONS: Record<InvitationsMode, string> = {
  org: 'Everyone invited to your organization, newest first.',
  group: 'Everyone invited to this group, newest first.',
  admin: 'Invitations to every organization, newest first.',
};

/** A column of text, sorted by the server as `key`. */
function textColumn(
  key: InvitationsSort,
  header: string,
  value: (invitation: Invitation) => string | null,
): DataColumn<Invitation> {
  return {
    key,
    header: <span style={NO_WRAP}>{header}</span>,
    sortable: true,
    render: (invitation) => (
      <Text size="sm" style={NO_WRAP}>
        {value(invitation) ?? NO_VALUE}
      </Text>
    ),
  };
}

const COLUMNS: DataColumn<Invitation>[] = [
  textColumn('first_name', 'First name', (invitation) => invitation.state.first_name),
  textColumn('last_name', 'Last name', (invitation) => invitation.state.last_name),
  textColumn('email', 'Email', (invitation) => invitation.email),
  textColumn('org_name', 'Org Name', (invitation) => invitation.state.org_name),
  textColumn('group_name', 'Group Name', (invitation) => invitation.state.group_name),
  {
    key: 'status',
    header: <span style={NO_WRAP}>Status</span>,
    render: (invitation) => {
      const status = invitationStatusBadge(invitation.status);
      return (
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
          <MailStatusBadge link={invitation} />
        </Group>
      );
    },
  },
  textColumn('sent_at', 'Sent at', (invitation) => formatDate(invitation.created_at)),
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    width: 56,
    pinned: true,
    render: (invitation) => <ResendButton invitation={invitation} />,
  },
];

/** Resend with a fresh link (the old one stops working); accepted invitations are done. */
function ResendButton({ invitation }: { invitation: Invitation }) {
  // One mutation per row, so each row shows its own request in flight.
  const resend = useResendInvitation();
  if (!canResend(invitation)) return null;
  return (
    <Group justify="flex-end" wrap="nowrap">
      <Tooltip label="Resend" withinPortal>
        <ActionIcon
          variant="subtle"
          aria-label={`Resend invitation to ${invitation.email}`}
          loading={resend.isPending}
          loaderProps={{ 'aria-label': 'Resending' }}
          onClick={() => resend.mutate(invitation.id)}
        >
          <IconMailForward size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

interface InvitationsPageProps {
  /**
   * `org` at /org/invitation, `group` at /group/invitation (the current group, no Organization
   * Admin role), `admin` at /admin/invitation (every organization, searched by name).
   */
  mode: InvitationsMode;
  /** Sections the router composes in below the invitations (the app admin's claim links). */
  below?: ReactNode;
}

/** 'Invite Users' (SPEC §2 Invitations): the invitations sent, resend, the Invite User dialog. */
export function InvitationsPage({ mode, below }: InvitationsPageProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useTablePaging<InvitationsSort>(INVITATIONS_PAGE_SIZES);
  const [inviting, setInviting] = useState(false);
  const invitations = useInvitations({ search: debouncedSearch || undefined, ...paging.request });

  return (
    <Stack gap="md">
      <TableSection title={TITLE} description={DESCRIPTIONS[mode]}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <TableSearch
            label="Search invitations"
            value={search}
            onChange={(text) => {
              setSearch(text);
              paging.resetPage();
            }}
          />
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            Invite User
          </Button>
        </Group>
        {invitations.isError ? (
          <LoadError
            what="The invitations"
            onRetry={() => void invitations.refetch()}
            retrying={invitations.isFetching}
          />
        ) : (
          <DataTable
            label={TITLE}
            columns={COLUMNS}
            rows={invitations.data?.list}
            rowKey={(invitation) => invitation.id}
            loading={invitations.isPending}
            emptyText={debouncedSearch ? 'No invitations match your search' : 'No invitations yet'}
            paging={paging.tableProps(invitations.data?.noOfRows ?? 0)}
            serverSort={paging.serverSort}
            minWidth={920}
          />
        )}
      </TableSection>
      {below}
      <InviteUserDialog mode={mode} opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

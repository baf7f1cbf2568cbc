import { Badge, Group } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { Invitation, InvitationsSort } from '@resonant/contracts/invitations';
import type { DataColumn } from '../../../components/data-table.tsx';
import { MailStatusBadge } from '../../../components/mail-status-badge.tsx';
import { actionsColumn, RowAction } from '../../../components/row-actions.tsx';
import { textColumn } from '../../../components/text-column.tsx';
import { formatDate } from '../../../lib/hrv-format.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { canResend, invitationStatusBadge } from '../invitation-display.ts';

/** A column of text, sorted by the server as `key`. */
const sortedText = (
  key: InvitationsSort,
  header: string,
  value: (invitation: Invitation) => string | null,
) => textColumn(key, header, value, { sortable: true });

/** The columns of the invitations list, sorted by the server, then Resend. */
export const INVITATION_COLUMNS: DataColumn<Invitation>[] = [
  sortedText('first_name', 'First name', (invitation) => invitation.state.first_name),
  sortedText('last_name', 'Last name', (invitation) => invitation.state.last_name),
  sortedText('email', 'Email', (invitation) => invitation.email),
  sortedText('org_name', 'Org Name', (invitation) => invitation.state.org_name),
  sortedText('group_name', 'Group Name', (invitation) => invitation.state.group_name),
  {
    key: 'status',
    header: 'Status',
    noWrap: true,
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
  sortedText('sent_at', 'Sent at', (invitation) => formatDate(invitation.created_at)),
  actionsColumn((invitation) => <ResendButton invitation={invitation} />, 56),
];

/** Resend with a fresh link (the old one stops working); accepted invitations are done. */
function ResendButton({ invitation }: { invitation: Invitation }) {
  // One mutation per row, so each row shows its own request in flight.
  const resend = useResendInvitation();
  if (!canResend(invitation)) return null;
  return (
    <RowAction
      label={`Resend invitation to ${invitation.email}`}
      tooltip="Resend"
      icon={IconMailForward}
      busy={resend.isPending ? 'Resending' : undefined}
      onClick={() => resend.mutate(invitation.id)}
    />
  );
}

import type { Invitation, InvitationStatus } from '@resonant/contracts/invitations';

const STATUS_COLORS: Record<InvitationStatus, string> = {
  pending: 'orange',
  accepted: 'teal',
  rejected: 'red',
  expired: 'gray',
  revoked: 'gray',
};

/** The Status badge: upper-cased as SPEC §2 shows it, a colour per status. */
export function invitationStatusBadge(status: InvitationStatus): { label: string; color: string } {
  return { label: status.toUpperCase(), color: STATUS_COLORS[status] };
}

/** An accepted invitation is done; any other can be sent again with a fresh link. */
export function canResend(invitation: Pick<Invitation, 'status'>): boolean {
  return invitation.status !== 'accepted';
}

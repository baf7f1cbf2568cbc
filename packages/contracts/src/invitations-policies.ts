import { INVITE_ROLES, type InviteRole } from './invitations.ts';
import { roleHasPermission, type Role } from './roles.ts';

/**
 * Where a caller invites: the app admin into any organisation (`admin`), an org admin into their
 * organisation (`org`), a group admin into their current group (`group`); null for members.
 */
export type InvitationsMode = 'admin' | 'org' | 'group';

export function invitationsModeOf(role: Role): InvitationsMode | null {
  if (roleHasPermission(role, 'admin.invitations.manage')) return 'admin';
  if (roleHasPermission(role, 'org.invitations.manage')) return 'org';
  if (roleHasPermission(role, 'group.invitations.manage')) return 'group';
  return null;
}

/** SPEC §5 / §6: group admins cannot invite organization admins; the others invite any role. */
export function canInviteRole(mode: InvitationsMode, role: InviteRole): boolean {
  return mode !== 'group' || role !== 'org';
}

/** The roles a mode may grant, in the order the Invite User form offers them. */
export function inviteRolesFor(mode: InvitationsMode): readonly InviteRole[] {
  return INVITE_ROLES.filter((role) => canInviteRole(mode, role));
}

/**
 * The ids an invitation names (SPEC §5 "Invite"): organization and group for the app admin, the
 * group for an org admin, none for a group admin (the server uses the current group).
 */
export function requiredInviteIds(mode: InvitationsMode): readonly ('orgId' | 'groupId')[] {
  if (mode === 'admin') return ['orgId', 'groupId'];
  return mode === 'org' ? ['groupId'] : [];
}

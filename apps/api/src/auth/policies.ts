import type { Permission, Role } from '@resonant/contracts/roles';
import { roleHasPermission } from '@resonant/contracts/roles';
import type { InviteRole } from '@resonant/contracts/invitations';

/** What an account belongs to, as loaded from the database; the input of every context decision. */
export type MembershipSnapshot = {
  isAppAdmin: boolean;
  orgs: {
    orgId: string;
    isOrgAdmin: boolean;
    groups: { groupId: string; isMember: boolean; isAdmin: boolean }[];
  }[];
};

export type ContextType = 'org' | 'group' | 'user';

/** A context the account may act in: the role it holds there and where. */
export type Context = { role: Role; orgId: string | null; groupId: string | null };

export type ContextRequest = {
  orgId: string | null;
  groupId: string | null;
  type: ContextType | null;
};

/** Whether a role may perform an action; the single check behind every route's declared permission. */
export function can(role: Role, permission: Permission): boolean {
  return roleHasPermission(role, permission);
}

/**
 * The context the account may act in for a requested org/group/type, or null when its memberships
 * do not allow it. Org admins may act as org, or as group admin of any group of their org (that is
 * how an org admin "switches into" a group); group admins only in groups they administer; any
 * member as a user of an org they belong to.
 */
export function allowedContext(
  memberships: MembershipSnapshot,
  request: ContextRequest,
): Context | null {
  if (memberships.isAppAdmin) return { role: 'super', orgId: null, groupId: null };
  const org = memberships.orgs.find((candidate) => candidate.orgId === request.orgId);
  if (!org || !request.type) return null;
  const group = request.groupId
    ? org.groups.find((candidate) => candidate.groupId === request.groupId)
    : undefined;
  if (request.groupId && !group) return null;
  switch (request.type) {
    case 'org':
      return org.isOrgAdmin
        ? { role: 'org', orgId: org.orgId, groupId: group?.groupId ?? null }
        : null;
    case 'group':
      return group && (group.isAdmin || org.isOrgAdmin)
        ? { role: 'group', orgId: org.orgId, groupId: group.groupId }
        : null;
    case 'user':
      return group && !group.isMember && !org.isOrgAdmin
        ? null
        : { role: 'user', orgId: org.orgId, groupId: group?.groupId ?? null };
  }
}

/**
 * The context an account lands in when it has none stored (or the stored one is no longer allowed):
 * its highest role, preferring the first org it joined.
 */
export function defaultContext(memberships: MembershipSnapshot): Context {
  if (memberships.isAppAdmin) return { role: 'super', orgId: null, groupId: null };
  const adminOrg = memberships.orgs.find((org) => org.isOrgAdmin);
  if (adminOrg) return { role: 'org', orgId: adminOrg.orgId, groupId: null };
  for (const org of memberships.orgs) {
    const adminGroup = org.groups.find((group) => group.isAdmin);
    if (adminGroup) return { role: 'group', orgId: org.orgId, groupId: adminGroup.groupId };
  }
  const firstOrg = memberships.orgs[0];
  if (!firstOrg) return { role: 'user', orgId: null, groupId: null };
  const firstGroup = firstOrg.groups.find((group) => group.isMember);
  return { role: 'user', orgId: firstOrg.orgId, groupId: firstGroup?.groupId ?? null };
}

/** The stored context when it is still allowed, otherwise the default one. */
export function resolveContext(memberships: MembershipSnapshot, stored: ContextRequest): Context {
  return allowedContext(memberships, stored) ?? defaultContext(memberships);
}

/** Whether the account may switch back to the org level of an org (SPEC can_switch_to_org). */
export function canSwitchToOrg(memberships: MembershipSnapshot, orgId: string): boolean {
  return memberships.orgs.some((org) => org.orgId === orgId && org.isOrgAdmin);
}

// Managing an organisation's users (features/org-users).

/**
 * Who manages users where: an org admin the whole organisation (`org`), a group admin only the
 * current group (`group`, SPEC §6: no stats, no import, no group choice, no admin toggle).
 */
export type UsersMode = 'org' | 'group';

export const USERS_ACTIONS = [
  'list',
  'add',
  'edit',
  'stats',
  'import',
  'remove',
  'change-payer',
  'read-groups',
  'choose-groups',
  'set-admin',
] as const;
export type UsersAction = (typeof USERS_ACTIONS)[number];

// SPEC §6: group admins see and add users of their group and edit their personal details; all the
// rest (billing, org roles, groups, removal from the organisation) belongs to org admins.
const GROUP_MODE_ACTIONS: readonly UsersAction[] = ['list', 'add', 'edit'];

/** The users mode a role works in, or null when it manages no users. */
export function usersModeOf(role: Role): UsersMode | null {
  if (role === 'org') return 'org';
  if (role === 'group') return 'group';
  return null;
}

/** Whether a role may perform a users action (the role x action table of users-policies.test). */
export function canManageUsers(role: Role, action: UsersAction): boolean {
  const mode = usersModeOf(role);
  if (mode === 'org') return true;
  if (mode === 'group') return GROUP_MODE_ACTIONS.includes(action);
  return false;
}

/** Nobody removes themselves from the organisation (SPEC §6: your own row cannot be deleted). */
export function canRemoveUser(callerId: string, targetId: string): boolean {
  return callerId !== targetId;
}

/** An org admin cannot take their own admin role away (their own row hides the admin checkbox). */
export function canSetOrgAdmin(callerId: string, targetId: string, isAdmin: boolean): boolean {
  return isAdmin || callerId !== targetId;
}

// Inviting people (features/invitations).

/**
 * Where a caller invites: the app admin into any organisation (`admin`), an org admin into their
 * organisation (`org`), a group admin into their current group (`group`); null for members.
 */
export type InvitationsMode = 'admin' | 'org' | 'group';

export function invitationsModeOf(role: Role): InvitationsMode | null {
  if (can(role, 'admin.invitations.manage')) return 'admin';
  if (can(role, 'org.invitations.manage')) return 'org';
  if (can(role, 'group.invitations.manage')) return 'group';
  return null;
}

/** SPEC §5 / §6: group admins cannot invite organization admins; the others invite any role. */
export function canInviteRole(mode: InvitationsMode, role: InviteRole): boolean {
  return mode !== 'group' || role !== 'org';
}

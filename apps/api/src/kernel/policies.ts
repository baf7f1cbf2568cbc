import type { Permission, Role } from '@resonant/contracts/roles';
import { roleHasPermission } from '@resonant/contracts/roles';

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
      // An org context names no group, whatever was stored with it: the profile then names the
      // org alone, and nothing answers for a group the org admin did not switch into.
      return org.isOrgAdmin ? { role: 'org', orgId: org.orgId, groupId: null } : null;
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

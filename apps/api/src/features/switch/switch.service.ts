import type { OrgGroupMapping, SwitchBody } from '@resonant/contracts/switch';
import type { AppDeps } from '../../app-deps.ts';
import { loadUserProfile, saveCurrentContext } from '../../kernel/current-user.queries.ts';
import { allowedContext, canSwitchToOrg } from '../../kernel/policies.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { loadMembershipNames } from './switch.queries.ts';

/** The orgs and groups the caller can switch to (SPEC §3 "Org/group mapping"). */
export async function listOrgsAndGroups(
  deps: AppDeps,
  scope: TenantScope,
): Promise<OrgGroupMapping[]> {
  const { orgNames, groupNames } = await loadMembershipNames(deps.db, scope);
  return scope.memberships.orgs.map((org) => ({
    org_id: org.orgId,
    org_name: orgNames.get(org.orgId) ?? '',
    can_switch_to_org: canSwitchToOrg(scope.memberships, org.orgId),
    groups: org.groups
      .filter((group) => groupNames.has(group.groupId))
      .map((group) => ({
        group_id: group.groupId,
        group_name: groupNames.get(group.groupId) ?? '',
        user_type: group.isAdmin || org.isOrgAdmin ? ('group' as const) : ('user' as const),
      }))
      .sort((a, b) => a.group_name.localeCompare(b.group_name)),
  }));
}

/**
 * Moves the caller into another org/group context after checking it against their memberships:
 * an org or group outside them is 404, a role they do not hold there is 403.
 */
export async function switchContext(deps: AppDeps, scope: TenantScope, body: SwitchBody) {
  const org = scope.memberships.orgs.find((candidate) => candidate.orgId === body.currentOrgId);
  const groupId = body.currentGroupId ?? null;
  if (!org || (groupId && !org.groups.some((group) => group.groupId === groupId))) {
    throw notFound('Organization or group not found');
  }
  const request = { orgId: org.orgId, groupId, type: body.currentUserType };
  const context = allowedContext(scope.memberships, request);
  if (!context) throw forbidden('You cannot switch to this organization or group');
  // What is stored is what was allowed (an org context keeps no group), so the next sign-in lands
  // exactly where the user chose.
  await saveCurrentContext(
    deps.db,
    scope.accountId,
    { orgId: context.orgId, groupId: context.groupId, type: body.currentUserType },
    deps.clock(),
  );
  return {
    message: 'Switched successfully',
    user: await loadUserProfile(deps.db, scope.accountId, context),
  };
}

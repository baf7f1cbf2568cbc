import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  LEFT_ORGANIZATION_MESSAGE,
  type AdminName,
  type LeaveOrganizationResponse,
  type MyOrganizationsResponse,
} from '@resonant/contracts/my-organizations';
import { adminsCanSee, leaveRefusal } from '@resonant/contracts/my-organizations-policies';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import { endOrgMembership } from '../../kernel/org-membership.ts';
import { lockOrgAdminIds } from '../../kernel/org-membership.queries.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import {
  listGroupAdminNames,
  listOrgAdminNames,
  listOwnGroups,
  listOwnOrganizations,
  lockOwnMembership,
} from './my-organizations.queries.ts';

type NameRow = { firstName: string; lastName: string };
const presentName = (row: NameRow): AdminName => ({
  first_name: row.firstName,
  last_name: row.lastName,
});

/** Rows grouped by a key, in their order. */
function byKey<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const map = new Map<string, Row[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/**
 * The organisations and groups the caller belongs to, their role in each, the names of who
 * administers them (never their emails), what those admins can open about the caller, and why
 * the caller could not leave, if so. A person with no organisation gets an empty list.
 */
export async function listMyOrganizations(
  deps: AppDeps,
  scope: TenantScope,
): Promise<MyOrganizationsResponse> {
  const orgs = await listOwnOrganizations(deps.db, scope.accountId);
  const orgIds = orgs.map((org) => org.orgId);
  const ownGroups = await listOwnGroups(deps.db, scope.accountId, orgIds);
  const orgAdmins = byKey(await listOrgAdminNames(deps.db, orgIds), (row) => row.orgId);
  const groupAdmins = byKey(
    await listGroupAdminNames(
      deps.db,
      ownGroups.map((group) => group.groupId),
    ),
    (row) => row.groupId,
  );
  const groupsOf = byKey(ownGroups, (group) => group.orgId);
  return {
    organizations: orgs.map((org) => {
      const memberGroups = groupsOf.get(org.orgId) ?? [];
      const admins = orgAdmins.get(org.orgId) ?? [];
      const isOrgAdmin = org.role === 'admin';
      return {
        org_id: org.orgId,
        org_name: org.name,
        role: isOrgAdmin ? 'org' : memberGroups.some((group) => group.isAdmin) ? 'group' : 'user',
        groups: memberGroups.map((group) => ({
          group_id: group.groupId,
          group_name: group.name,
          is_default: group.isDefault,
          is_admin: group.isAdmin,
          admins: (groupAdmins.get(group.groupId) ?? []).map(presentName),
        })),
        org_admins: admins.map(presentName),
        admins_can_see: adminsCanSee(),
        leave_refusal: leaveRefusal({ isOrgAdmin, orgAdmins: admins.length }),
      };
    }),
  };
}

/**
 * The caller leaves an organisation, as an admin's removal would take them out (kernel
 * endOrgMembership): its org and group memberships end, their recordings stay theirs. An
 * organisation they are not in is 404; its last org admin is refused (409) with the reason.
 */
export async function leaveOrganization(
  deps: AppDeps,
  scope: TenantScope,
  orgId: string,
): Promise<LeaveOrganizationResponse> {
  await deps.db.transaction(async (tx) => {
    // The admins first, then the membership: the order removeOrgAdmin locks them in.
    const adminIds = await lockOrgAdminIds(tx, orgId);
    const membership = await lockOwnMembership(tx, orgId, scope.accountId);
    if (!membership) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    const refusal = leaveRefusal({
      isOrgAdmin: membership.role === 'admin',
      orgAdmins: adminIds.length,
    });
    if (refusal) throw conflict(refusal);
    await endOrgMembership(tx, { orgId, accountId: scope.accountId }, deps.clock());
    // Filed under the organisation left, whatever context the caller acts in: its trail shows it.
    await audit(tx, { ...scope, orgId }, 'org-user.leave', scope.accountId, {
      role: membership.role,
      payer: membership.payer,
      isExternal: membership.isExternal,
    });
  });
  return { message: LEFT_ORGANIZATION_MESSAGE };
}

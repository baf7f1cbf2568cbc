import { NO_CURRENT_GROUP_MESSAGE, NO_CURRENT_ORG_MESSAGE } from '@resonant/contracts/errors';
import { invitationsModeOf, type InvitationsMode } from '@resonant/contracts/invitations-policies';
import {
  usersModeAllows,
  usersModeOf,
  type UsersAction,
  type UsersMode,
} from '@resonant/contracts/org-users-policies';
import {
  PERSONAL_PERMISSIONS,
  roleHasPermission,
  type Permission,
  type Role,
} from '@resonant/contracts/roles';
import { badRequest, forbidden } from '../lib/http-error.ts';
import type { MembershipSnapshot } from './policies.ts';

/**
 * Who is calling, from where, and in which context; resolved from the database on every request
 * (plugins/tenant-scope.ts). Every service takes it as `(deps, scope, input)` and narrows it with
 * the functions below; ids sent by the client are only candidates within it.
 */
export type TenantScope = {
  accountId: string;
  sessionId: string;
  role: Role;
  orgId: string | null;
  groupId: string | null;
  memberships: MembershipSnapshot;
  /**
   * The database state the caller was read in: PostgreSQL's MVCC snapshot of that statement
   * (`xmin:xmax:in-progress xids`). Two statements with the same snapshot see the same data, and
   * any commit in between changes it, so an answer computed at or after this state may be reused
   * for requests showing the same snapshot (features/analytics/answer-cache.ts).
   */
  snapshot: string;
  /** The client's address, for the audit log. */
  ip: string;
};

/** What the narrowing reads: the context, never the memberships. */
type Context = Pick<TenantScope, 'accountId' | 'role' | 'orgId' | 'groupId'>;

/** The caller inside their current organisation; every query of tenant data filters by `orgId`. */
export type OrgScope = { orgId: string; accountId: string };

/** The caller inside their current group of their current organisation. */
export type GroupScope = OrgScope & { groupId: string };

/** Where the caller looks: the whole organisation (`groupId` null) or one group of it. */
export type ReachScope = OrgScope & { groupId: string | null };

/**
 * The context a route needs whatever the caller's role: a current organisation, or a current group
 * of it. Declared as the route's `config.context` and checked before its input is read.
 */
export type RequiredContext = 'org' | 'group';

const ROLES_INSIDE_AN_ORG: readonly Role[] = ['org', 'group', 'user'];

/**
 * Whether a route with this permission must declare the context it needs: every permission that
 * only roles inside an organisation hold (not public, authenticated or the app admin's, nor a
 * person's own data, which is theirs in an organisation or alone).
 */
export function needsDeclaredContext(permission: Permission): boolean {
  return (
    !roleHasPermission('super', permission) &&
    !(PERSONAL_PERMISSIONS as readonly Permission[]).includes(permission) &&
    ROLES_INSIDE_AN_ORG.some((role) => roleHasPermission(role, permission))
  );
}

/** 403 unless the caller has the context the route declares. */
export function requireContext(scope: Context, context: RequiredContext): void {
  if (context === 'group') requireGroup(scope);
  else requireOrg(scope);
}

/** The current organisation, or 403 NO_CURRENT_ORG_MESSAGE (the app admin, a member of none). */
export function requireOrg(scope: Context): OrgScope {
  if (!scope.orgId) throw forbidden(NO_CURRENT_ORG_MESSAGE);
  return { orgId: scope.orgId, accountId: scope.accountId };
}

/** The current group, or 403 NO_CURRENT_GROUP_MESSAGE (e.g. an org admin acting as org). */
export function requireGroup(scope: Context): GroupScope {
  const org = requireOrg(scope);
  if (!scope.groupId) throw forbidden(NO_CURRENT_GROUP_MESSAGE);
  return { ...org, groupId: scope.groupId };
}

/**
 * Where the caller reaches: an org admin acting as org the whole organisation, anyone else (a
 * group admin, an org admin switched into a group) only the current group.
 */
export function requireReach(scope: Context): ReachScope {
  return scope.role === 'org' ? { ...requireOrg(scope), groupId: null } : requireGroup(scope);
}

/** Where a users action runs: the mode, and in group mode the one group every row is confined to. */
export type UsersScope = ReachScope & { mode: UsersMode };

/** The users scope for an action: 403 when the role may not perform it, else its reach. */
export function requireUsersScope(scope: Context, action: UsersAction): UsersScope {
  const mode = usersModeOf(scope.role);
  if (!mode || !usersModeAllows(mode, action)) throw forbidden();
  return { ...requireReach(scope), mode };
}

/** Whose members a members list shows: the app admin's (`admin`) is the organisation it names. */
export type MembersScope = ReachScope & { mode: UsersMode | 'admin' };

/** The 400 of the app admin's members list without the organisation it is about. */
export const ORG_ID_REQUIRED_MESSAGE = 'orgId is required';

/**
 * Whose members a members list shows (GET /api/org/users, GET /api/v2/org/users): the app admin
 * those of the organisation it names with `orgId` (400 without one), and only the lists open to it
 * (`openToAppAdmin`, else 403); anyone else as requireUsersScope(scope, 'list'): an org admin the
 * organisation, a group admin the current group, a member nothing (403).
 */
export function requireMembersScope(
  scope: Context,
  orgId: string | undefined,
  openToAppAdmin: boolean,
): MembersScope {
  if (scope.role !== 'super') return requireUsersScope(scope, 'list');
  if (!openToAppAdmin) throw forbidden();
  if (!orgId) throw badRequest(ORG_ID_REQUIRED_MESSAGE);
  return { mode: 'admin', orgId, accountId: scope.accountId, groupId: null };
}

/**
 * Where a caller invites: the app admin anywhere (`orgId` null: the invitation names it), an org
 * admin in their organisation, a group admin in their current group.
 */
export type InvitationsScope =
  | { mode: Extract<InvitationsMode, 'admin'>; accountId: string; orgId: null; groupId: null }
  | (OrgScope & { mode: Extract<InvitationsMode, 'org'>; groupId: null })
  | (GroupScope & { mode: Extract<InvitationsMode, 'group'> });

/** The invitations scope of a caller: 403 when their role invites nobody, else its reach. */
export function requireInvitationsScope(scope: Context): InvitationsScope {
  const mode = invitationsModeOf(scope.role);
  if (!mode) throw forbidden();
  if (mode === 'admin') return { mode, accountId: scope.accountId, orgId: null, groupId: null };
  if (mode === 'org') return { ...requireOrg(scope), groupId: null, mode };
  return { ...requireGroup(scope), mode };
}

import type { Role } from '@resonant/contracts/roles';
import {
  canManageUsers,
  usersModeOf,
  type UsersAction,
  type UsersMode,
} from '../../auth/policies.ts';
import { forbidden } from '../../lib/http-error.ts';

/** Where a users action runs: the org, and for group admins the one group they work in. */
export type UsersScope = {
  mode: UsersMode;
  orgId: string;
  /** Set in group mode: every row and every new user is confined to it. */
  groupId: string | null;
  accountId: string;
};

/** The users scope of a caller for an action, or 403 when their role may not perform it. */
export function usersScope(
  scope: { role: Role; orgId: string | null; groupId: string | null; accountId: string },
  action: UsersAction,
): UsersScope {
  const mode = usersModeOf(scope.role);
  if (!mode || !scope.orgId || !canManageUsers(scope.role, action)) throw forbidden();
  if (mode === 'group' && !scope.groupId) throw forbidden();
  return {
    mode,
    orgId: scope.orgId,
    groupId: mode === 'group' ? scope.groupId : null,
    accountId: scope.accountId,
  };
}

import type { Role } from '@resonant/contracts/roles';
import { invitationsModeOf } from '../../auth/policies.ts';
import { forbidden } from '../../lib/http-error.ts';
import type { InvitationsScope } from './invitations.queries.ts';

/** The invitations scope of a caller, or 403 when their role invites nobody. */
export function invitationsScope(scope: {
  role: Role;
  orgId: string | null;
  groupId: string | null;
  accountId: string;
}): InvitationsScope {
  const mode = invitationsModeOf(scope.role);
  if (!mode) throw forbidden();
  if (mode !== 'admin' && !scope.orgId) throw forbidden();
  if (mode === 'group' && !scope.groupId) throw forbidden();
  return {
    mode,
    orgId: mode === 'admin' ? null : scope.orgId,
    groupId: mode === 'group' ? scope.groupId : null,
    accountId: scope.accountId,
  };
}

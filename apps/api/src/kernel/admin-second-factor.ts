import { ROLE_PERMISSIONS, type Permission, type Role } from '@resonant/contracts/roles';
import { ADMIN_MFA_REQUIRED_MESSAGE } from '@resonant/contracts/two-factor';
import { forbidden } from '../lib/http-error.ts';
import type { Context } from './policies.ts';

/** What the caller statement reads of the second factor (SignedInCaller.secondFactor). */
export type SecondFactorState = { enabled: boolean; requiredByOrgIds: readonly string[] };

/** The roles an organisation's second-factor requirement binds. */
const ADMIN_ROLES: readonly Role[] = ['org', 'group'];

/**
 * Whether acting as `context` needs a second factor the account does not have: an org admin or a
 * group admin of an organisation that requires one of its admins.
 */
export function adminSecondFactorMissing(
  context: Pick<Context, 'role' | 'orgId'>,
  state: SecondFactorState,
): boolean {
  if (state.enabled || !context.orgId || !ADMIN_ROLES.includes(context.role)) return false;
  return state.requiredByOrgIds.includes(context.orgId);
}

/**
 * 403 ADMIN_MFA_REQUIRED_MESSAGE for an admin permission asked by an admin without the second
 * factor their organisation requires. What every member may do (their own readings, their
 * settings, enrolling a second factor) stays open, so they can still enrol.
 */
export function requireAdminSecondFactor(
  permission: Permission,
  context: Context,
  state: SecondFactorState,
): void {
  if (permission === 'public' || permission === 'authenticated') return;
  if ((ROLE_PERMISSIONS.user as readonly Permission[]).includes(permission)) return;
  if (adminSecondFactorMissing(context, state)) throw forbidden(ADMIN_MFA_REQUIRED_MESSAGE);
}

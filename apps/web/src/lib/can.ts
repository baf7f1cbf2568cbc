import { roleHasPermission } from '@resonant/contracts/roles';
import type { Permission } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';

/** Whether the user may do something; the same permission map the API enforces. */
export function can(
  user: Pick<UserProfile, 'user_type'> | null | undefined,
  permission: Permission,
): boolean {
  return user ? roleHasPermission(user.user_type, permission) : false;
}

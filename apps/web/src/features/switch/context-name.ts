import type { Role } from '@resonant/contracts/roles';

/** Where the user works now, as the switcher names it: the org, or org › group; null for none. */
export function contextName(
  userType: Role,
  orgName: string | null,
  groupName: string | null,
): string | null {
  if (!orgName) return null;
  return groupName && userType !== 'org' ? `${orgName} › ${groupName}` : orgName;
}

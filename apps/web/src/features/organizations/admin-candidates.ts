import { ADMIN_USER_SEARCH_MIN, type AdminUser } from '@resonant/contracts/organizations';
import type { OrgMember } from '@resonant/contracts/org-users';

/** Where Add Admin looks for users (SPEC §5 "Admin user search"). */
export type AdminSearchScope = 'org' | 'all';

/** Someone Add Admin offers: who they are, where they belong, and whether they would be external. */
export type AdminCandidate = {
  userId: string;
  name: string;
  email: string;
  /** The organization shown with them. */
  organization: string;
  /** Not a member of this organization: they would join it as an external admin (SPEC §6). */
  external: boolean;
};

/** The text to search for, or null while it is shorter than 3 characters (SPEC §5). */
export function adminSearchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= ADMIN_USER_SEARCH_MIN ? term : null;
}

/** The organization's members as the default list of its own scope, without its admins. */
export function candidatesFromMembers(
  members: readonly OrgMember[],
  orgName: string,
  adminIds: ReadonlySet<string>,
): AdminCandidate[] {
  return members
    .filter((member) => !member.is_admin && !adminIds.has(member.user_id))
    .map((member) => ({
      userId: member.user_id,
      name: `${member.first_name} ${member.last_name}`,
      email: member.email,
      organization: orgName,
      external: false,
    }));
}

function organizationOf(user: AdminUser, orgId: string, orgName: string): string {
  if (user.org_ids.includes(orgId)) return orgName;
  if (!user.org_name) return 'No organization';
  const others = user.org_ids.length - 1;
  return others > 0 ? `${user.org_name} +${others} more` : user.org_name;
}

/** Search results (GET /api/user/list), without the organization's admins. */
export function candidatesFromSearch(
  users: readonly AdminUser[],
  orgId: string,
  orgName: string,
  adminIds: ReadonlySet<string>,
): AdminCandidate[] {
  return users
    .filter((user) => !adminIds.has(user.user_id))
    .map((user) => ({
      userId: user.user_id,
      name: `${user.first_name} ${user.last_name}`,
      email: user.email,
      organization: organizationOf(user, orgId, orgName),
      external: !user.org_ids.includes(orgId),
    }));
}

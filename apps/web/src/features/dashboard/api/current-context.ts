import { useProfile } from '../../../lib/current-user.ts';

/** Where the signed-in user works now; part of every dashboard query key. */
export type CurrentContext = {
  userType: string;
  orgId: string | null;
  groupId: string | null;
};

/**
 * The current org/group of the signed-in user, or null before it is known. Dashboard answers
 * depend on it, so a switch into another group never shows the previous group's cached figures.
 */
export function useCurrentContext(): CurrentContext | null {
  const { data: user } = useProfile();
  if (!user) return null;
  return { userType: user.user_type, orgId: user.current_org_id, groupId: user.current_group_id };
}

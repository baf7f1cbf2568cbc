import { useProfile } from '../../../lib/current-user.ts';

/** Where the signed-in user works now: the group whose users these answers describe. */
export type CurrentContext = { userType: string; orgId: string | null; groupId: string | null };

/** Part of every participants query key, so a switch of group never shows cached answers. */
export function useCurrentContext(): CurrentContext | null {
  const { data: user } = useProfile();
  if (!user) return null;
  return { userType: user.user_type, orgId: user.current_org_id, groupId: user.current_group_id };
}

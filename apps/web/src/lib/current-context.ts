import type { Role } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';
import { useProfile } from './current-user.ts';

/**
 * Where the signed-in user works now: the role they act in, their current org and group. Every
 * answer about an organisation's data depends on it, so it is part of every tenant query key.
 */
export type CurrentContext = { role: Role; orgId: string | null; groupId: string | null };

function contextOf(user: UserProfile): CurrentContext {
  return { role: user.user_type, orgId: user.current_org_id, groupId: user.current_group_id };
}

/** The current context of the signed-in user, or null before their profile is known. */
export function useCurrentContext(): CurrentContext | null {
  const { data: user } = useProfile();
  return user ? contextOf(user) : null;
}

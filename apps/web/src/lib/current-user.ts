import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@resonant/contracts/profile';
import { apiClient } from './api-client.ts';
import { CURRENT_USER_QUERY_KEY, useSession } from './session.ts';

function getProfile(): Promise<UserProfile> {
  return apiClient.get<UserProfile>('/user/profile');
}

export const profileQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: getProfile,
});

/** The signed-in user; seeded by the session, refetched after a switch. */
export function useProfile() {
  const session = useSession();
  return useQuery({ ...profileQueryOptions, enabled: session.status === 'signed-in' });
}

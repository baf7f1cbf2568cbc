import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrgsAndGroupsResponse } from '@resonant/contracts/switch';
import { apiClient } from './api-client.ts';
import { refetchCurrentUser } from './session.ts';

function getOrgsAndGroups(): Promise<OrgsAndGroupsResponse> {
  return apiClient.get<OrgsAndGroupsResponse>('/switch/orgs_and_groups');
}

export const orgsAndGroupsQueryOptions = queryOptions({
  queryKey: ['switch', 'orgs_and_groups'],
  queryFn: getOrgsAndGroups,
  staleTime: 5 * 60_000,
});

export function useOrgsAndGroups() {
  return useQuery(orgsAndGroupsQueryOptions);
}

/**
 * After the account joined an organisation (an accepted invitation, a claimed seat): its user type
 * and context come from the refreshed profile, and the switcher must list the new membership.
 */
export async function refreshMemberships(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refetchCurrentUser(),
    queryClient.invalidateQueries({ queryKey: orgsAndGroupsQueryOptions.queryKey }),
  ]);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgsAndGroupsResponse } from '@resonant/contracts/switch';
import { apiClient } from './api-client.ts';

export function getOrgsAndGroups(): Promise<OrgsAndGroupsResponse> {
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

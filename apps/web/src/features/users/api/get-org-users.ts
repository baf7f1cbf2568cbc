import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgUsersQuery, OrgUsersResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './query-keys.ts';

export function getOrgUsers(query: OrgUsersQuery): Promise<OrgUsersResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiClient.get<OrgUsersResponse>(`/org/users?${params.toString()}`);
}

export const orgUsersQueryOptions = (query: OrgUsersQuery) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: () => getOrgUsers(query),
    // Paging and typing in the search box keep the previous rows until the next page arrives.
    placeholderData: keepPreviousData,
  });

/** One page of the users list (GET /api/org/users). */
export function useOrgUsers(query: OrgUsersQuery) {
  return useQuery(orgUsersQueryOptions(query));
}

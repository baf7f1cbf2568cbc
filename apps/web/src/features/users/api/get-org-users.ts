import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgUsersQuery, OrgUsersResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { usersKeys } from './query-keys.ts';

export function getOrgUsers(query: OrgUsersQuery): Promise<OrgUsersResponse> {
  return apiClient.get<OrgUsersResponse>(`/org/users?${toQueryString(query)}`);
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

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListResponse } from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationsKeys } from './query-keys.ts';

function searchUsers(keyword: string, orgId: string | null): Promise<UserListResponse> {
  const params = new URLSearchParams({ keyword });
  if (orgId) params.set('orgId', orgId);
  return apiClient.get<UserListResponse>(`/user/list?${params.toString()}`);
}

const searchUsersQueryOptions = (keyword: string, orgId: string | null) =>
  queryOptions({
    queryKey: organizationsKeys.userSearch(keyword, orgId),
    queryFn: () => searchUsers(keyword, orgId),
  });

/**
 * Accounts matching `keyword` (GET /api/user/list?keyword[&orgId]): of one organization with
 * `orgId`, of every organization without; idle while `keyword` is null (too short to search).
 */
export function useSearchUsers(keyword: string | null, orgId: string | null) {
  return useQuery({
    ...searchUsersQueryOptions(keyword ?? '', orgId),
    enabled: keyword !== null,
    // The previous matches stay while the next search loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgUsersQuery, OrgUsersResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { usersKeys } from './query-keys.ts';

function getOrgUsers(query: OrgUsersQuery): Promise<OrgUsersResponse> {
  return apiClient.get<OrgUsersResponse>(`/org/users?${toQueryString(query)}`);
}

const orgUsersQueryOptions = (query: OrgUsersQuery, context: CurrentContext | null) =>
  queryOptions({
    queryKey: usersKeys.list(context, query),
    queryFn: () => getOrgUsers(query),
    // Paging and typing in the search box keep the previous rows until the next page arrives.
    placeholderData: keepPreviousData,
  });

/** One page of the users list (GET /api/org/users). */
export function useOrgUsers(query: OrgUsersQuery) {
  const context = useCurrentContext();
  return useQuery({ ...orgUsersQueryOptions(query, context), enabled: context !== null });
}

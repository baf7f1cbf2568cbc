import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupUsersResponse } from '@resonant/contracts/groups';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { GROUPS_QUERY_KEY } from './get-groups.ts';

/** With `groupId`: candidates for Add Admin of that group; `keyword` narrows by name or email. */
export type GroupUsersSearch = { groupId?: string; keyword?: string };

function getGroupUsers({ groupId, keyword }: GroupUsersSearch): Promise<GroupUsersResponse> {
  const params = new URLSearchParams();
  if (groupId) {
    params.set('groupId', groupId);
    params.set('addAdmins', 'true');
  }
  if (keyword) params.set('keyword', keyword);
  return apiClient.get<GroupUsersResponse>(`/group/users?${params.toString()}`);
}

function groupUsersQueryOptions(search: GroupUsersSearch, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(
      context,
      ...GROUPS_QUERY_KEY,
      'users',
      search.groupId ?? null,
      search.keyword ?? null,
    ),
    queryFn: () => getGroupUsers(search),
  });
}

/** Users for the searchable picker (GET /api/group/users); idle while `enabled` is false. */
export function useGroupUsers(search: GroupUsersSearch, enabled: boolean) {
  const context = useCurrentContext();
  // The previous answer stays while the next search loads, so the list does not flash empty.
  return useQuery({
    ...groupUsersQueryOptions(search, context),
    enabled: enabled && context !== null,
    placeholderData: keepPreviousData,
  });
}

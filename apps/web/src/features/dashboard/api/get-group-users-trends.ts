import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  GroupUsersTrendsQuery,
  GroupUsersTrendsResponse,
} from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

function getGroupUsersTrends(page: GroupUsersTrendsQuery): Promise<GroupUsersTrendsResponse> {
  return apiClient.get<GroupUsersTrendsResponse>(
    `/hrv_analytics/group_users_trends?${toQueryString(page)}`,
  );
}

function groupUsersTrendsQueryOptions(page: GroupUsersTrendsQuery, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'hrv_analytics', 'group_users_trends', page),
    queryFn: () => getGroupUsersTrends(page),
  });
}

/** A page of the group's user trends; the previous page stays shown while the next loads. */
export function useGroupUsersTrends(page: GroupUsersTrendsQuery) {
  const context = useCurrentContext();
  return useQuery({
    ...groupUsersTrendsQueryOptions(page, context),
    enabled: context !== null,
    placeholderData: keepPreviousData,
  });
}

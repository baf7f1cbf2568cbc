import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupUsersTrendsResponse } from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import type { PageRequest } from './get-org-groups-trends.ts';

function getGroupUsersTrends(page: PageRequest): Promise<GroupUsersTrendsResponse> {
  const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  return apiClient.get<GroupUsersTrendsResponse>(`/hrv_analytics/group_users_trends?${query}`);
}

function groupUsersTrendsQueryOptions(page: PageRequest, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'hrv_analytics', 'group_users_trends', page),
    queryFn: () => getGroupUsersTrends(page),
  });
}

/** A page of the group's user trends; the previous page stays shown while the next loads. */
export function useGroupUsersTrends(page: PageRequest) {
  const context = useCurrentContext();
  return useQuery({
    ...groupUsersTrendsQueryOptions(page, context),
    enabled: context !== null,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgGroupsTrendsResponse } from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** One page of a server-side paged table. */
export type PageRequest = { limit: number; offset: number };

function getOrgGroupsTrends(page: PageRequest): Promise<OrgGroupsTrendsResponse> {
  const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  return apiClient.get<OrgGroupsTrendsResponse>(`/hrv_analytics/org_groups_trends?${query}`);
}

function orgGroupsTrendsQueryOptions(page: PageRequest, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'hrv_analytics', 'org_groups_trends', page),
    queryFn: () => getOrgGroupsTrends(page),
  });
}

/** A page of 'Groups with their HRV Trend'; the previous page stays shown while the next loads. */
export function useOrgGroupsTrends(page: PageRequest) {
  const context = useCurrentContext();
  return useQuery({
    ...orgGroupsTrendsQueryOptions(page, context),
    enabled: context !== null,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgGroupsTrendsQuery, OrgGroupsTrendsResponse } from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

function getOrgGroupsTrends(page: OrgGroupsTrendsQuery): Promise<OrgGroupsTrendsResponse> {
  return apiClient.get<OrgGroupsTrendsResponse>(
    `/hrv_analytics/org_groups_trends?${toQueryString(page)}`,
  );
}

function orgGroupsTrendsQueryOptions(page: OrgGroupsTrendsQuery, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'hrv_analytics', 'org_groups_trends', page),
    queryFn: () => getOrgGroupsTrends(page),
  });
}

/** A page of 'Groups with their HRV Trend'; the previous page stays shown while the next loads. */
export function useOrgGroupsTrends(page: OrgGroupsTrendsQuery) {
  const context = useCurrentContext();
  return useQuery({
    ...orgGroupsTrendsQueryOptions(page, context),
    enabled: context !== null,
    placeholderData: keepPreviousData,
  });
}

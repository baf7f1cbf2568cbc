import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TopOrgsBody, TopOrgsResponse } from '@resonant/contracts/top-organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { TOP_ORGANIZATIONS_KEY } from '../../../lib/query-keys.ts';

function getTopOrgs(body: TopOrgsBody): Promise<TopOrgsResponse> {
  return apiClient.post<TopOrgsResponse>('/analytics/top_orgs_by_users', body);
}

/**
 * The app admin's figures span every organisation, so the key carries no tenant context
 * (lib/query-keys.ts): the feature's name and the body.
 */
function topOrgsQueryOptions(body: TopOrgsBody) {
  return queryOptions({
    queryKey: [...TOP_ORGANIZATIONS_KEY, 'list', body],
    queryFn: () => getTopOrgs(body),
    // A new range, page or sort keeps the rows shown until the next answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** One page of the top organisations over a range (POST /api/analytics/top_orgs_by_users). */
export function useTopOrgs(body: TopOrgsBody) {
  return useQuery(topOrgsQueryOptions(body));
}

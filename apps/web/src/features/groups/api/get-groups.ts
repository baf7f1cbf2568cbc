import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupListResponse } from '@resonant/contracts/groups';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** Root of every groups query, so a change refreshes lists, admins and candidates at once. */
export const GROUPS_QUERY_KEY = ['groups'] as const;

function getGroups(): Promise<GroupListResponse> {
  // The list shows names and member counts only; the RMSSD average is not needed here.
  return apiClient.get<GroupListResponse>('/group/profile?rmssd=false');
}

function groupsQueryOptions(context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, ...GROUPS_QUERY_KEY, 'list'),
    queryFn: getGroups,
  });
}

/** The org's groups, Default first (GET /api/group/profile). */
export function useGroups() {
  const context = useCurrentContext();
  return useQuery({ ...groupsQueryOptions(context), enabled: context !== null });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupListResponse } from '@resonant/contracts/groups';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of every groups query, so a change refreshes lists, admins and candidates at once. */
export const GROUPS_QUERY_KEY = ['groups'] as const;

export function getGroups(): Promise<GroupListResponse> {
  // The list shows names and member counts only; the RMSSD average is not needed here.
  return apiClient.get<GroupListResponse>('/group/profile?rmssd=false');
}

export const groupsQueryOptions = queryOptions({
  queryKey: [...GROUPS_QUERY_KEY, 'list'],
  queryFn: getGroups,
});

/** The org's groups except Default (GET /api/group/profile). */
export function useGroups() {
  return useQuery(groupsQueryOptions);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupAdminsResponse } from '@resonant/contracts/groups';
import { apiClient } from '../../../lib/api-client.ts';
import { GROUPS_QUERY_KEY } from './get-groups.ts';

export function getGroupAdmins(groupId: string): Promise<GroupAdminsResponse> {
  return apiClient.get<GroupAdminsResponse>(
    `/group/admins?${new URLSearchParams({ groupId }).toString()}`,
  );
}

export function groupAdminsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: [...GROUPS_QUERY_KEY, groupId, 'admins'],
    queryFn: () => getGroupAdmins(groupId),
  });
}

/** The group's admins without the org admins (GET /api/group/admins). */
export function useGroupAdmins(groupId: string) {
  return useQuery(groupAdminsQueryOptions(groupId));
}

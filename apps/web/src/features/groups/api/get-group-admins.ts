import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupAdminsResponse } from '@resonant/contracts/groups';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { GROUPS_QUERY_KEY } from './get-groups.ts';

function getGroupAdmins(groupId: string): Promise<GroupAdminsResponse> {
  return apiClient.get<GroupAdminsResponse>(
    `/group/admins?${new URLSearchParams({ groupId }).toString()}`,
  );
}

function groupAdminsQueryOptions(groupId: string, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, ...GROUPS_QUERY_KEY, groupId, 'admins'),
    queryFn: () => getGroupAdmins(groupId),
  });
}

/** The group's admins without the org admins (GET /api/group/admins). */
export function useGroupAdmins(groupId: string) {
  const context = useCurrentContext();
  return useQuery({ ...groupAdminsQueryOptions(groupId, context), enabled: context !== null });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgMembersResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationsKeys } from './query-keys.ts';

function getOrgMembers(orgId: string): Promise<OrgMembersResponse> {
  return apiClient.get<OrgMembersResponse>(`/v2/org/users?${new URLSearchParams({ orgId })}`);
}

const orgMembersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: organizationsKeys.members(orgId),
    queryFn: () => getOrgMembers(orgId),
  });

/** Every member of the organization, by name (GET /api/v2/org/users?orgId); idle when disabled. */
export function useOrgMembers(orgId: string, enabled: boolean) {
  return useQuery({ ...orgMembersQueryOptions(orgId), enabled });
}

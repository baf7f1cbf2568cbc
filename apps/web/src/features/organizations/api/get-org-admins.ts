import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORG_USERS_LIMIT_MAX, type OrgUsersResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationsKeys } from './query-keys.ts';

function getOrgAdmins(orgId: string): Promise<OrgUsersResponse> {
  const params = new URLSearchParams({
    type: 'allAdmins',
    orgId,
    limit: String(ORG_USERS_LIMIT_MAX),
  });
  return apiClient.get<OrgUsersResponse>(`/org/users?${params.toString()}`);
}

const orgAdminsQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: organizationsKeys.admins(orgId), queryFn: () => getOrgAdmins(orgId) });

/** The organization's admins, by name (GET /api/org/users?type=allAdmins&orgId). */
export function useOrgAdmins(orgId: string) {
  return useQuery(orgAdminsQueryOptions(orgId));
}

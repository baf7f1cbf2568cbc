import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrgMembers } from '../../../lib/org-members.ts';
import { organizationsKeys } from './query-keys.ts';

const orgMembersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: organizationsKeys.members(orgId),
    queryFn: () => getOrgMembers({ orgId }),
  });

/** Every member of the organization, by name (GET /api/v2/org/users?orgId); idle when disabled. */
export function useOrgMembers(orgId: string, enabled: boolean) {
  return useQuery({ ...orgMembersQueryOptions(orgId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationSummary, OrganizationsResponse } from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { organizationsKeys } from './query-keys.ts';

async function getOrganization(orgId: string): Promise<OrganizationSummary> {
  const { list } = await apiClient.get<OrganizationsResponse>(
    `/org/profile?${new URLSearchParams({ orgId }).toString()}`,
  );
  const organization = list.find((candidate) => candidate.id === orgId);
  // The server answers 404 for an unknown id; an empty list would mean the same.
  if (!organization) throw new ApiError(404, undefined);
  return organization;
}

const organizationQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: organizationsKeys.one(orgId),
    queryFn: () => getOrganization(orgId),
  });

/** One organization by id (GET /api/org/profile?orgId); a 404 when there is none. */
export function useOrganization(orgId: string) {
  return useQuery(organizationQueryOptions(orgId));
}

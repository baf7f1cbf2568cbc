import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationsResponse } from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationsKeys } from './query-keys.ts';

function getOrganizations(): Promise<OrganizationsResponse> {
  return apiClient.get<OrganizationsResponse>('/org/profile');
}

const organizationsQueryOptions = () =>
  queryOptions({ queryKey: organizationsKeys.list(), queryFn: getOrganizations });

/** Every organization, newest first, with what deleting one would remove (GET /api/org/profile). */
export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}

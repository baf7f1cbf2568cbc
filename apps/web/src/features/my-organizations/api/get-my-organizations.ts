import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganizationsResponse } from '@resonant/contracts/my-organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { myOrganizationsKeys } from './query-keys.ts';

function getMyOrganizations(): Promise<MyOrganizationsResponse> {
  return apiClient.get<MyOrganizationsResponse>('/user/organizations');
}

const myOrganizationsQueryOptions = queryOptions({
  queryKey: myOrganizationsKeys.list,
  queryFn: getMyOrganizations,
});

/** The organisations the person belongs to (GET /api/user/organizations). */
export function useMyOrganizations() {
  return useQuery(myOrganizationsQueryOptions);
}

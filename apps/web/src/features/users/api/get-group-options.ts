import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroupsResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './query-keys.ts';

export function getGroupOptions(): Promise<UserGroupsResponse> {
  return apiClient.get<UserGroupsResponse>('/org/users/group_options');
}

export const groupOptionsQueryOptions = queryOptions({
  queryKey: usersKeys.groupOptions,
  queryFn: getGroupOptions,
});

/** The groups a user can be put in (Add/Edit User in org mode). */
export function useGroupOptions(enabled: boolean) {
  return useQuery({ ...groupOptionsQueryOptions, enabled });
}

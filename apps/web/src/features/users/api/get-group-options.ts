import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroupsResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { usersKeys } from './query-keys.ts';

function getGroupOptions(): Promise<UserGroupsResponse> {
  return apiClient.get<UserGroupsResponse>('/org/users/group_options');
}

const groupOptionsQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: usersKeys.groupOptions(context),
    queryFn: getGroupOptions,
  });

/** The groups a user can be put in (Add/Edit User in org mode). */
export function useGroupOptions(enabled: boolean) {
  const context = useCurrentContext();
  return useQuery({ ...groupOptionsQueryOptions(context), enabled: enabled && context !== null });
}

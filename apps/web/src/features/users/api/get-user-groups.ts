import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_GROUPS_FAILED_MESSAGE, type UserGroupsResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { usersKeys } from './query-keys.ts';

/** A user's groups; a failure carries SPEC §8's message, which the error toast then shows. */
async function getUserGroups(userId: string): Promise<UserGroupsResponse> {
  try {
    return await apiClient.get<UserGroupsResponse>(`/org/user_groups/${userId}`);
  } catch (error) {
    if (error instanceof ApiError && error.sessionEnded) throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 0, {
      message: USER_GROUPS_FAILED_MESSAGE,
    });
  }
}

const userGroupsQueryOptions = (userId: string, context: CurrentContext | null) =>
  queryOptions({
    queryKey: usersKeys.userGroups(context, userId),
    queryFn: () => getUserGroups(userId),
    staleTime: 0,
  });

/** The groups of the user being edited (GET /api/org/user_groups/{userId}). */
export function useUserGroups(userId: string, enabled: boolean) {
  const context = useCurrentContext();
  return useQuery({
    ...userGroupsQueryOptions(userId, context),
    enabled: enabled && context !== null,
  });
}

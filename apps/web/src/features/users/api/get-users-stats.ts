import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersStatsResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { usersKeys } from './query-keys.ts';

function getUsersStats(): Promise<UsersStatsResponse> {
  return apiClient.get<UsersStatsResponse>('/org/users_stats');
}

const usersStatsQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: usersKeys.stats(context),
    queryFn: getUsersStats,
  });

/** The four stat cards of the users page (org admins only). */
export function useUsersStats() {
  const context = useCurrentContext();
  return useQuery({ ...usersStatsQueryOptions(context), enabled: context !== null });
}

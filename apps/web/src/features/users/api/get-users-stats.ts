import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersStatsResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './query-keys.ts';

export function getUsersStats(): Promise<UsersStatsResponse> {
  return apiClient.get<UsersStatsResponse>('/org/users_stats');
}

export const usersStatsQueryOptions = queryOptions({
  queryKey: usersKeys.stats,
  queryFn: getUsersStats,
});

/** The four stat cards of the users page (org admins only). */
export function useUsersStats(enabled: boolean) {
  return useQuery({ ...usersStatsQueryOptions, enabled });
}

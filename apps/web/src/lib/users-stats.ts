import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersStatsResponse } from '@resonant/contracts/org-users';
import { apiClient } from './api-client.ts';
import { useCurrentContext, type CurrentContext } from './current-context.ts';
import { tenantKey } from './query-keys.ts';

/**
 * The first part of the users stats' key: the users page's cards and the billing settings' seats
 * and period share one answer, and whatever changes members or their payer invalidates it.
 */
export const USERS_STATS_KEY = ['users-stats'] as const;

function getUsersStats(): Promise<UsersStatsResponse> {
  return apiClient.get<UsersStatsResponse>('/org/users_stats');
}

const usersStatsQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: tenantKey(context, ...USERS_STATS_KEY),
    queryFn: getUsersStats,
  });

/**
 * The organisation's user counts, its current billing period and the seats so far (GET
 * /api/org/users_stats; org admins).
 */
export function useUsersStats() {
  const context = useCurrentContext();
  return useQuery({ ...usersStatsQueryOptions(context), enabled: context !== null });
}

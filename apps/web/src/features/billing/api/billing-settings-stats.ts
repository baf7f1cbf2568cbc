import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersStatsResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

function getBillingStats(): Promise<UsersStatsResponse> {
  return apiClient.get<UsersStatsResponse>('/org/users_stats');
}

const billingStatsQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: billingSettingsKeys.stats(context),
    queryFn: getBillingStats,
  });

/** The current billing period and its seats so far (GET /api/org/users_stats). */
export function useBillingStats() {
  const context = useCurrentContext();
  return useQuery({ ...billingStatsQueryOptions(context), enabled: context !== null });
}

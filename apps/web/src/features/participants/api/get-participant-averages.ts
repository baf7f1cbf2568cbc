import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAggregatedResponse } from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

function getParticipantAverages(userId: string): Promise<DashboardAggregatedResponse> {
  const query = new URLSearchParams({ type: 'user', id: userId });
  return apiClient.get<DashboardAggregatedResponse>(
    `/hrv_analytics/dashboard_aggregated?${query.toString()}`,
  );
}

function participantAveragesQueryOptions(userId: string, context: CurrentContext | null) {
  return queryOptions({
    // Shares the dashboard's key prefix: one family of cached analytics answers.
    queryKey: tenantKey(context, 'hrv_analytics', 'dashboard_aggregated', 'user', userId),
    queryFn: () => getParticipantAverages(userId),
  });
}

/** The average HRV cards of one user of the current group (SPEC §7 type=user&id). */
export function useParticipantAverages(userId: string | null) {
  const context = useCurrentContext();
  return useQuery({
    ...participantAveragesQueryOptions(userId ?? '', context),
    enabled: context !== null && userId !== null,
  });
}

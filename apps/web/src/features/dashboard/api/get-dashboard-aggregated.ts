import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DashboardAggregatedResponse,
  DashboardType as AnalyticsScope,
} from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from './current-context.ts';

/** Which figures the dashboard shows: the whole organisation or the current group. */
export type DashboardType = Exclude<AnalyticsScope, 'user'>;

export function getDashboardAggregated(type: DashboardType): Promise<DashboardAggregatedResponse> {
  return apiClient.get<DashboardAggregatedResponse>(
    `/hrv_analytics/dashboard_aggregated?${new URLSearchParams({ type }).toString()}`,
  );
}

export function dashboardAggregatedQueryOptions(type: DashboardType, context: CurrentContext) {
  return queryOptions({
    queryKey: ['hrv_analytics', 'dashboard_aggregated', type, context],
    queryFn: () => getDashboardAggregated(type),
  });
}

/** The six averages of the dashboard's cards and bar chart (SPEC §2). */
export function useDashboardAggregated(type: DashboardType) {
  const context = useCurrentContext();
  return useQuery({
    ...dashboardAggregatedQueryOptions(
      type,
      context ?? { userType: '', orgId: null, groupId: null },
    ),
    enabled: context !== null,
  });
}

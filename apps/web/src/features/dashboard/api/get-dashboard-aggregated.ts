import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DashboardAggregatedResponse,
  DashboardType as AnalyticsScope,
} from '@resonant/contracts/analytics';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** Which figures the dashboard shows: the whole organisation or the current group. */
export type DashboardType = Exclude<AnalyticsScope, 'user'>;

function getDashboardAggregated(type: DashboardType): Promise<DashboardAggregatedResponse> {
  return apiClient.get<DashboardAggregatedResponse>(
    `/hrv_analytics/dashboard_aggregated?${new URLSearchParams({ type }).toString()}`,
  );
}

function dashboardAggregatedQueryOptions(type: DashboardType, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'hrv_analytics', 'dashboard_aggregated', type),
    queryFn: () => getDashboardAggregated(type),
  });
}

/** The six averages of the dashboard's cards and bar chart (SPEC §2). */
export function useDashboardAggregated(type: DashboardType) {
  const context = useCurrentContext();
  return useQuery({
    ...dashboardAggregatedQueryOptions(type, context),
    enabled: context !== null,
  });
}

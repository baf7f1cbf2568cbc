import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { apiClient } from '../../../lib/api-client.ts';
import { MY_DASHBOARD_KEY } from '../../../lib/query-keys.ts';

function getMyDashboard(): Promise<MyDashboardResponse> {
  return apiClient.get<MyDashboardResponse>('/v1/dashboard');
}

function myDashboardQueryOptions() {
  return queryOptions({ queryKey: MY_DASHBOARD_KEY, queryFn: getMyDashboard });
}

/** The signed-in person's own dashboard: headline, six figures, 90 days, consistency. */
export function useMyDashboard() {
  return useQuery(myDashboardQueryOptions());
}

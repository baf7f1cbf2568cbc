import { queryOptions } from '@tanstack/react-query';
import type { DemoOrgProgress } from '@resonant/contracts/demo-org';
import { apiClient } from '../../../lib/api-client.ts';
import { organizationsKeys } from './query-keys.ts';

function getDemoOrgProgress(jobId: string): Promise<DemoOrgProgress> {
  return apiClient.get<DemoOrgProgress>(
    `/org/update-demo-org/progress?${new URLSearchParams({ jobId }).toString()}`,
  );
}

/** Where the demo refresh `jobId` is (GET /api/org/update-demo-org/progress); never cached. */
export const demoOrgProgressQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: organizationsKeys.demoProgress(jobId),
    queryFn: () => getDemoOrgProgress(jobId),
    staleTime: 0,
    gcTime: 0,
  });

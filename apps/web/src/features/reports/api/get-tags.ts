import { useQuery } from '@tanstack/react-query';
import type { TagsResponse } from '@resonant/contracts/tags';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** The exercise tags a report filters by (GET /api/tags). */
export function useTags() {
  const context = useCurrentContext();
  return useQuery({
    queryKey: tenantKey(context, 'tags'),
    queryFn: () => apiClient.get<TagsResponse>('/tags'),
    enabled: context !== null,
  });
}

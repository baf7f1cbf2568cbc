import { useQuery } from '@tanstack/react-query';
import type { TagsResponse } from '@resonant/contracts/tags';
import { apiClient } from './api-client.ts';
import { useCurrentContext } from './current-context.ts';
import { tenantKey } from './query-keys.ts';

/** The tags offered to the current organisation (GET /api/tags): what recordings may carry. */
export function useTags() {
  const context = useCurrentContext();
  return useQuery({
    queryKey: tenantKey(context, 'tags'),
    queryFn: () => apiClient.get<TagsResponse>('/tags'),
    enabled: context !== null,
  });
}

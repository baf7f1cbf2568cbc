import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RawDataResponse } from '@resonant/contracts/reports';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** Whose session: the member's id is checked against the caller's reach. */
export type RawDataRequest = { sessionId: string; userId: string };

function getRawData({ sessionId, userId }: RawDataRequest): Promise<RawDataResponse> {
  const query = new URLSearchParams({ user_id: userId });
  return apiClient.get<RawDataResponse>(
    `/raw-data/${encodeURIComponent(sessionId)}?${query.toString()}`,
  );
}

function rawDataQueryOptions(request: RawDataRequest, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'raw-data', request.sessionId, request.userId),
    queryFn: () => getRawData(request),
    // A recorded session's samples never change.
    staleTime: Infinity,
  });
}

/**
 * A session's raw optimal-zone samples (GET /api/raw-data/{sessionId}?user_id); null asks for
 * nothing (a session recorded without them).
 */
export function useRawData(request: RawDataRequest | null) {
  const context = useCurrentContext();
  return useQuery({
    ...rawDataQueryOptions(request ?? { sessionId: '', userId: '' }, context),
    enabled: context !== null && request !== null,
  });
}

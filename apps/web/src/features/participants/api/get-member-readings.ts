import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberReadingsResponse } from '@resonant/contracts/reports';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

export type MemberReadingsRequest = { userId: string; limit: number; offset?: number };

function getMemberReadings(request: MemberReadingsRequest): Promise<MemberReadingsResponse> {
  const query = new URLSearchParams({ user_id: request.userId, limit: String(request.limit) });
  if (request.offset) query.set('offset', String(request.offset));
  return apiClient.get<MemberReadingsResponse>(`/user/rmssd?${query.toString()}`);
}

function memberReadingsQueryOptions(
  request: MemberReadingsRequest,
  context: CurrentContext | null,
) {
  return queryOptions({
    queryKey: tenantKey(context, 'user', 'rmssd', request),
    queryFn: () => getMemberReadings(request),
  });
}

/** A page of one member's readings, newest first; the previous page stays while the next loads. */
export function useMemberReadings(request: MemberReadingsRequest | null) {
  const context = useCurrentContext();
  return useQuery({
    ...memberReadingsQueryOptions(request ?? { userId: '', limit: 1 }, context),
    enabled: context !== null && request !== null,
    placeholderData: keepPreviousData,
  });
}

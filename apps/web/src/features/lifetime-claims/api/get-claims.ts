import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimListQuery, ClaimListResponse } from '@resonant/contracts/lifetime-claims';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { refetchWhileSending } from '../../../lib/mail-status.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { lifetimeClaimsKeys } from './query-keys.ts';

function getClaims(query: ClaimListQuery): Promise<ClaimListResponse> {
  return apiClient.get<ClaimListResponse>(`/admin/lifetime-claims?${toQueryString(query)}`);
}

const claimsQueryOptions = (query: ClaimListQuery, context: CurrentContext | null) =>
  queryOptions({
    queryKey: lifetimeClaimsKeys.list(context, query),
    queryFn: () => getClaims(query),
    // Paging keeps the previous rows until the next page arrives.
    placeholderData: keepPreviousData,
    refetchInterval: (current) => refetchWhileSending(current.state.data),
  });

/** One page of the claim links issued, newest first (GET /api/admin/lifetime-claims). */
export function useClaims(query: ClaimListQuery) {
  const context = useCurrentContext();
  return useQuery({ ...claimsQueryOptions(query, context), enabled: context !== null });
}

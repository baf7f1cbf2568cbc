import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberReadingsQuery, MemberReadingsResponse } from '@resonant/contracts/reports';
import { apiClient } from './api-client.ts';
import { useCurrentContext, type CurrentContext } from './current-context.ts';
import { tenantKey } from './query-keys.ts';

function getMemberReadings(query: MemberReadingsQuery): Promise<MemberReadingsResponse> {
  const params = new URLSearchParams({ user_id: query.user_id });
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.reading_taken_time) params.set('reading_taken_time', query.reading_taken_time);
  if (query.chart_data_group_by) params.set('chart_data_group_by', query.chart_data_group_by);
  const tagIds = typeof query.tag_ids === 'string' ? [query.tag_ids] : (query.tag_ids ?? []);
  if (tagIds.length > 0) params.set('tag_ids', tagIds.join(','));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset) params.set('offset', String(query.offset));
  return apiClient.get<MemberReadingsResponse>(`/user/rmssd?${params.toString()}`);
}

/** GET /api/user/rmssd (one member's readings, newest first, with the filters it is given). */
export function memberReadingsQueryOptions(
  query: MemberReadingsQuery,
  context: CurrentContext | null,
) {
  return queryOptions({
    queryKey: tenantKey(context, 'user', 'rmssd', query),
    queryFn: () => getMemberReadings(query),
  });
}

/** A page of one member's readings, newest first; the previous page stays while the next loads. */
export function useMemberReadings(query: MemberReadingsQuery | null) {
  const context = useCurrentContext();
  return useQuery({
    ...memberReadingsQueryOptions(query ?? { user_id: '', limit: 1 }, context),
    enabled: context !== null && query !== null,
    placeholderData: keepPreviousData,
  });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  SESSION_HISTORY_PAGE_SIZE,
  type HistorySessionType,
  type SelectedHistoryResponse,
} from '@resonant/contracts/reports';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { rangeInstants, type ReportRange } from '../report-range.ts';
import { nextSessionOffset } from '../session-paging.ts';

/** One member's sessions of a type over a range, narrowed by tags. */
export type SelectedHistoryRequest = {
  userId: string;
  type: HistorySessionType;
  range: ReportRange;
  tagIds: string[];
};

function getSelectedHistory(
  request: SelectedHistoryRequest,
  offset: number,
): Promise<SelectedHistoryResponse> {
  const query = new URLSearchParams({
    user_id: request.userId,
    type: request.type,
    ...rangeInstants(request.range),
    limit: String(SESSION_HISTORY_PAGE_SIZE),
    offset: String(offset),
  });
  if (request.tagIds.length > 0) query.set('tag_ids', request.tagIds.join(','));
  return apiClient.get<SelectedHistoryResponse>(`/selected-history?${query.toString()}`);
}

function selectedHistoryQueryOptions(
  request: SelectedHistoryRequest,
  context: CurrentContext | null,
) {
  return infiniteQueryOptions({
    queryKey: tenantKey(context, 'selected-history', request),
    queryFn: ({ pageParam }) => getSelectedHistory(request, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextSessionOffset(lastPage, lastOffset),
  });
}

/** A member's session list (GET /api/selected-history), newest first, 20 sessions a page. */
export function useSelectedHistory(request: SelectedHistoryRequest) {
  const context = useCurrentContext();
  return useInfiniteQuery({
    ...selectedHistoryQueryOptions(request, context),
    enabled: context !== null,
  });
}

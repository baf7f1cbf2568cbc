import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MySessionsResponse } from '@resonant/contracts/my-sessions';
import type { SessionType } from '@resonant/contracts/sessions';
import { apiClient } from '../../../lib/api-client.ts';
import { MY_SESSIONS_KEY } from '../../../lib/query-keys.ts';

/** Which page of which kind: `cursor` is the previous page's nextCursor (none: the newest). */
export type MySessionsRequest = { kind: SessionType; cursor: string | null };

function getMySessions({ kind, cursor }: MySessionsRequest): Promise<MySessionsResponse> {
  const query = new URLSearchParams({ kind });
  if (cursor) query.set('cursor', cursor);
  return apiClient.get<MySessionsResponse>(`/v1/sessions?${query.toString()}`);
}

function mySessionsQueryOptions(request: MySessionsRequest) {
  return queryOptions({
    queryKey: [...MY_SESSIONS_KEY, 'list', request.kind, request.cursor],
    queryFn: () => getMySessions(request),
  });
}

/** A page of the signed-in person's sessions of a kind (GET /api/v1/sessions), newest first. */
export function useMySessions(request: MySessionsRequest) {
  // The page shown stays while the next one loads, so paging does not blink.
  return useQuery({ ...mySessionsQueryOptions(request), placeholderData: keepPreviousData });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessLogResponse } from '@resonant/contracts/access-log';
import { apiClient } from '../../../lib/api-client.ts';
import { accessLogKeys } from './query-keys.ts';

function getAccessLog(cursor: string | null): Promise<AccessLogResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiClient.get<AccessLogResponse>(`/v1/access-log${query}`);
}

const accessLogQueryOptions = (cursor: string | null) =>
  queryOptions({
    queryKey: accessLogKeys.page(cursor),
    queryFn: () => getAccessLog(cursor),
    // The page stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });

/** A page of who read or exported the person's data (GET /api/v1/access-log), newest first. */
export function useAccessLog(cursor: string | null) {
  return useQuery(accessLogQueryOptions(cursor));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySession } from '@resonant/contracts/my-sessions';
import { apiClient } from '../../../lib/api-client.ts';
import { MY_SESSIONS_KEY } from '../../../lib/query-keys.ts';

function getMySession(sessionId: string): Promise<MySession> {
  return apiClient.get<MySession>(`/v1/sessions/${encodeURIComponent(sessionId)}`);
}

function mySessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: [...MY_SESSIONS_KEY, 'one', sessionId],
    queryFn: () => getMySession(sessionId),
  });
}

/** One of the signed-in person's sessions with its minutes and optimal-zone samples. */
export function useMySession(sessionId: string) {
  return useQuery(mySessionQueryOptions(sessionId));
}

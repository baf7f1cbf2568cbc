import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '@resonant/contracts/account-sessions';
import { apiClient } from '../../../lib/api-client.ts';
import { accountSessionsKeys } from './query-keys.ts';

function getAccountSessions(): Promise<AccountSessionsResponse> {
  return apiClient.get<AccountSessionsResponse>('/user/sessions');
}

const accountSessionsQueryOptions = queryOptions({
  queryKey: accountSessionsKeys.list,
  queryFn: getAccountSessions,
});

/** The signed-in devices of the person's account (GET /api/user/sessions). */
export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions);
}

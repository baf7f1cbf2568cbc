import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokensResponse } from '@resonant/contracts/api-tokens';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensKeys } from './query-keys.ts';

function getApiTokens(): Promise<ApiTokensResponse> {
  return apiClient.get<ApiTokensResponse>('/v1/tokens');
}

const apiTokensQueryOptions = queryOptions({
  queryKey: apiTokensKeys.list,
  queryFn: getApiTokens,
});

/** The person's personal API tokens (GET /api/v1/tokens). */
export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}

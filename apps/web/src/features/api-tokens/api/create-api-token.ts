import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenBody, CreatedApiTokenResponse } from '@resonant/contracts/api-tokens';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokensKeys } from './query-keys.ts';

function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiTokenResponse> {
  return apiClient.post<CreatedApiTokenResponse>('/v1/tokens', body);
}

/** POST /api/v1/tokens: answers the secret once; failures toast the server's message. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKeys.list }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken } from '@resonant/contracts/api-tokens';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { apiTokensKeys } from './query-keys.ts';

function revokeApiToken(token: ApiToken): Promise<void> {
  return apiClient.delete<void>(`/v1/tokens/${encodeURIComponent(token.id)}`);
}

/** DELETE /api/v1/tokens/{tokenId}: the token stops working at once; the list is read again. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (_answer, token) => showSuccess(`${token.name} was revoked`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKeys.list }),
  });
}

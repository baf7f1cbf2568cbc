import { queryOptions } from '@tanstack/react-query';
import type { PublicKeyResponse } from '@resonant/contracts/org-users';
import { apiClient } from './api-client.ts';

function getPublicKey(): Promise<PublicKeyResponse> {
  return apiClient.get<PublicKeyResponse>('/auth/public-key');
}

/** The server's password key; it does not change while the page is open. */
export const publicKeyQueryOptions = queryOptions({
  queryKey: ['auth', 'public-key'],
  queryFn: getPublicKey,
  staleTime: Infinity,
});

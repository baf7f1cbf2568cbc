import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingSocialSignUp } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './query-keys.ts';

function getPendingSocialSignUp(): Promise<PendingSocialSignUp> {
  // Read through the httpOnly cookie the callback set; no session exists yet.
  return apiClient.get<PendingSocialSignUp>('/auth/social/pending', { anonymous: true });
}

const pendingSocialSignUpQueryOptions = queryOptions({
  queryKey: authKeys.pendingSignUp,
  queryFn: getPendingSocialSignUp,
});

/**
 * The identity waiting for its account (GET /api/auth/social/pending) and which form it needs; a
 * 401 (expired or never started) toasts SOCIAL_SIGN_UP_EXPIRED_MESSAGE (query client).
 */
export function usePendingSocialSignUp() {
  return useQuery(pendingSocialSignUpQueryOptions);
}

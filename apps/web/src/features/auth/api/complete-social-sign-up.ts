import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInResponse } from '@resonant/contracts/auth';
import type { UpdateProfileBody } from '@resonant/contracts/profile';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { authKeys } from './query-keys.ts';

function completeSocialSignUp(body: UpdateProfileBody): Promise<SignInResponse> {
  return apiClient.post<SignInResponse>('/user/profile', body, { anonymous: true });
}

/**
 * POST /api/user/profile: 'Almost there!' creates the account of the pending identity and signs
 * it in (201 AuthResponse); refusals (401 expired, 409 email taken, 429) toast the server's message.
 * A 409 means an account took the email meanwhile: the pending sign-up is read again, so the page
 * switches to the form it needs now (link, or sign in).
 */
export function useCompleteSocialSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSocialSignUp,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: authKeys.pendingSignUp });
      }
    },
  });
}

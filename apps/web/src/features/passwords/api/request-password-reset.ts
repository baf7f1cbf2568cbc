import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { ForgotPasswordBody } from '@resonant/contracts/passwords';
import { apiClient } from '../../../lib/api-client.ts';

function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/forgot-password', body, { anonymous: true });
}

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

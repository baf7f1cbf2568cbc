import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { ResetPasswordBody } from '@resonant/contracts/passwords';
import { apiClient } from '../../../lib/api-client.ts';

function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/reset-password', body, { anonymous: true });
}

/** POST /api/auth/reset-password: the mailed link's token and the new password. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

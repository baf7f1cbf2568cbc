import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { ChangePasswordBody } from '@resonant/contracts/passwords';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { refetchCurrentUser } from '../../../lib/session.ts';

function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/user/password', body);
}

/**
 * PUT /api/user/password: every other device is signed out, this one stays; the profile is read
 * again, since a temporary password no longer holds the person back.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await refetchCurrentUser();
    },
  });
}

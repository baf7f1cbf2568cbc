import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@resonant/contracts/account-deletion';
import type { MessageResponse } from '@resonant/contracts/errors';
import { apiClient } from '../../../lib/api-client.ts';
import { showFarewell } from '../../../lib/notify.tsx';
import { endSession } from '../../../lib/session.ts';

function deleteAccount(body: DeleteAccountBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/v1/account/delete', body);
}

/**
 * POST /api/v1/account/delete: the account is gone, so this page's session ends at once and the
 * person is told goodbye on the way out. Refusals stay with the dialog that asked.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (answer) => {
      endSession();
      showFarewell(answer.message);
    },
  });
}

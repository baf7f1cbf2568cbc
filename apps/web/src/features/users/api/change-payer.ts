import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PAYER_CHANGED_MESSAGE,
  PAYER_CHANGE_FAILED_MESSAGE,
  PAYER_NOT_CHANGED_MESSAGE,
  type ChangePayerResponse,
} from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showError, showSuccess } from '../../../lib/notify.tsx';
import { invalidateUsers } from './query-keys.ts';

/**
 * Switches a user's payer. A failed call carries SPEC §8's 'Error changing payer' (the error
 * toast shows it instead of the server's text); a 401 keeps its own sign-out handling.
 */
async function changePayer(userId: string): Promise<ChangePayerResponse> {
  try {
    return await apiClient.put<ChangePayerResponse>('/org/users/change_payer', {
      user_id: userId,
    });
  } catch (error) {
    if (error instanceof ApiError && error.sessionEnded) throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 0, {
      message: PAYER_CHANGE_FAILED_MESSAGE,
    });
  }
}

/** The payer change with the spec's three toasts: success, no success, and failure. */
export function useChangePayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePayer,
    onSuccess: (response) => {
      if (response.success) showSuccess(PAYER_CHANGED_MESSAGE);
      else showError(PAYER_NOT_CHANGED_MESSAGE);
      return invalidateUsers(queryClient);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/session.ts';

function signOutEverywhere(): Promise<void> {
  return apiClient.delete<void>('/user/sessions');
}

/** DELETE /api/user/sessions: every device is signed out, this one too, so this page's session ends. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere, onSuccess: () => endSession() });
}

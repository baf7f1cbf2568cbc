import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/session.ts';

export function signOut(): Promise<void> {
  return apiClient.post<void>('/auth/sign-out');
}

/** Signs out on the server; the local session ends even when that call fails. */
export function useSignOut() {
  return useMutation({ mutationFn: signOut, onSettled: endSession });
}

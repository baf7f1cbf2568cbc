import { useMutation } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';
import { endSession } from './session.ts';

interface SignOutRequest {
  /** The page to come back to after the next sign-in; without it the user starts over. */
  returnTo?: string;
}

function signOut(): Promise<void> {
  return apiClient.post<void>('/auth/sign-out');
}

/** Signs out on the server; the local session ends even when that call fails. */
export function useSignOut() {
  return useMutation({
    mutationFn: (_request: SignOutRequest) => signOut(),
    onSettled: (_data, _error, request) => endSession(request.returnTo),
  });
}

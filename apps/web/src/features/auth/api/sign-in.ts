import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignInBody } from '@resonant/contracts/auth';
import { apiClient } from '../../../lib/api-client.ts';

function signIn(body: SignInBody): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/auth/sign-in', body);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

import { useMutation } from '@tanstack/react-query';
import type { SignInBody, SignInResponse } from '@resonant/contracts/auth';
import { apiClient } from '../../../lib/api-client.ts';

function signIn(body: SignInBody): Promise<SignInResponse> {
  return apiClient.post<SignInResponse>('/auth/sign-in', body);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignUpBody } from '@resonant/contracts/auth';
import { apiClient } from '../../../lib/api-client.ts';

function signUp(body: SignUpBody): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/auth/sign-up', body);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

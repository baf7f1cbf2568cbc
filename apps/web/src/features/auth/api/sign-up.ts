import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@resonant/contracts/auth';
import type { CheckInboxResponse } from '@resonant/contracts/email-verification';
import { apiClient } from '../../../lib/api-client.ts';

/** The answer is the same whether or not the address has an account: check your inbox. */
function signUp(body: SignUpBody): Promise<CheckInboxResponse> {
  return apiClient.post<CheckInboxResponse>('/auth/sign-up', body);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

import { useMutation } from '@tanstack/react-query';
import type { CheckInboxResponse } from '@resonant/contracts/email-verification';
import { apiClient } from '../../../lib/api-client.ts';

function resendVerification(): Promise<CheckInboxResponse> {
  return apiClient.post<CheckInboxResponse>('/auth/verify-email/resend');
}

/** A new confirmation link for the signed-in account; earlier links stop working. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@resonant/contracts/email-verification';
import { apiClient } from '../../../lib/api-client.ts';
import { ERRORS_SHOWN_IN_FORM } from '../../../lib/query-client.ts';

/** POST /api/auth/verify-email: the link's token, whoever is signed in (it names its account). */
function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiClient.post<VerifyEmailResponse>('/auth/verify-email', { token }, { anonymous: true });
}

export function useVerifyEmail() {
  // The page shows a refused link itself, in place of the button.
  return useMutation({ mutationFn: verifyEmail, meta: { [ERRORS_SHOWN_IN_FORM]: true } });
}

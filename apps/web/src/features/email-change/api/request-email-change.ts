import { useMutation } from '@tanstack/react-query';
import type { EmailChangeResponse, RequestEmailChangeBody } from '@resonant/contracts/email-change';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';

function requestEmailChange(body: RequestEmailChangeBody): Promise<EmailChangeResponse> {
  return apiClient.post<EmailChangeResponse>('/user/email', body);
}

/** POST /api/user/email: a link goes to the new address; the email changes when it is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (answer) => showSuccess(answer.message),
  });
}

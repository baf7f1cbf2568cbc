import { useMutation } from '@tanstack/react-query';
import type { EmailChangeResponse } from '@resonant/contracts/email-change';
import { apiClient } from '../../../lib/api-client.ts';
import { ERRORS_SHOWN_IN_FORM } from '../../../lib/query-client.ts';

/** POST /api/auth/email-change/confirm: the link's token names its account, whoever is signed in. */
function confirmEmailChange(token: string): Promise<EmailChangeResponse> {
  return apiClient.post<EmailChangeResponse>(
    '/auth/email-change/confirm',
    { token },
    { anonymous: true },
  );
}

export function useConfirmEmailChange() {
  // The page shows a refused link itself, in place of the button.
  return useMutation({ mutationFn: confirmEmailChange, meta: { [ERRORS_SHOWN_IN_FORM]: true } });
}

import { useMutation } from '@tanstack/react-query';
import type { SignInResponse } from '@resonant/contracts/auth';
import type { LinkWithPasswordBody } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';

function linkWithPassword(body: LinkWithPasswordBody): Promise<SignInResponse> {
  return apiClient.post<SignInResponse>('/auth/social/link', body, { anonymous: true });
}

/**
 * POST /api/auth/social/link: the existing account's password proves it, links the pending
 * identity and signs in (or asks the account's second factor); a wrong password toasts the server's message and the pending stays.
 */
export function useLinkWithPassword() {
  return useMutation({ mutationFn: linkWithPassword });
}

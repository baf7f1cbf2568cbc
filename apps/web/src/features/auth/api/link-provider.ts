import { useMutation } from '@tanstack/react-query';
import type { LinkProviderBody, SocialStartResponse } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';
import { goToProvider, useResetOnPageRestore } from '../provider-redirect.ts';

function linkProvider(body: LinkProviderBody): Promise<SocialStartResponse> {
  return apiClient.post<SocialStartResponse>('/user/sign-in-methods/link', body);
}

/**
 * POST /api/user/sign-in-methods/link, then the browser goes to the provider; the callback brings
 * it back to `returnTo` with `social_linked` (or `social_error`). `leavingFor` stays busy meanwhile.
 */
export function useLinkProvider() {
  const mutation = useMutation({ mutationFn: linkProvider, onSuccess: goToProvider });
  useResetOnPageRestore(mutation.reset);
  const leaving = mutation.isPending || mutation.isSuccess;
  return { link: mutation.mutate, leavingFor: leaving ? mutation.variables?.provider : undefined };
}

import { useMutation } from '@tanstack/react-query';
import type { SocialStartResponse } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';
import { startBody } from '../social-return-path.ts';
import { goToProvider, useResetOnPageRestore } from '../provider-redirect.ts';

interface StartRequest {
  provider: string;
  /** The page to land on after the round trip (the auth screen's redirectTo), if any. */
  redirectTo: string | null;
}

function startSocialSignIn({ provider, redirectTo }: StartRequest): Promise<SocialStartResponse> {
  return apiClient.post<SocialStartResponse>(
    `/auth/oidc/${encodeURIComponent(provider)}/start`,
    startBody(redirectTo),
    { anonymous: true },
  );
}

/**
 * POST /api/auth/oidc/{provider}/start, then the browser goes to the provider. A refusal toasts the
 * server's message (query client); `leavingFor` is the provider whose button stays busy meanwhile.
 */
export function useStartSocialSignIn() {
  const mutation = useMutation({ mutationFn: startSocialSignIn, onSuccess: goToProvider });
  useResetOnPageRestore(mutation.reset);
  const leaving = mutation.isPending || mutation.isSuccess;
  return { start: mutation.mutate, leavingFor: leaving ? mutation.variables?.provider : undefined };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { providerUnlinkedMessage, type LinkedIdentity } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { authKeys } from './query-keys.ts';

function unlinkIdentity(identity: LinkedIdentity): Promise<void> {
  return apiClient.delete<void>(`/user/sign-in-methods/${encodeURIComponent(identity.id)}`);
}

/**
 * DELETE /api/user/sign-in-methods/{identityId}. A refusal (409: the last way to sign in) toasts
 * the server's message; either way the list is read again, as it may have changed elsewhere.
 */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: (_result, identity) => showSuccess(providerUnlinkedMessage(identity.label)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.signInMethods }),
  });
}

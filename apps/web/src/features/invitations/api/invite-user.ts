import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteBody, InvitationSentResponse } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invitationsKeys } from './query-keys.ts';

function inviteUser(body: InviteBody): Promise<InvitationSentResponse> {
  return apiClient.post<InvitationSentResponse>('/org/invitation', body);
}

/** POST /api/org/invitation; refusals (member, pending, rate limit) toast the server's message. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: (response) => {
      showSuccess(response.message);
      return queryClient.invalidateQueries({ queryKey: invitationsKeys.all });
    },
  });
}

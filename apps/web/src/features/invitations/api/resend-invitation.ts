import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationSentResponse, ResendInvitationBody } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invitationsKeys } from './query-keys.ts';

/** Sends the invitation again with a new link; the old link stops working. */
function resendInvitation(invitationId: string): Promise<InvitationSentResponse> {
  const body: ResendInvitationBody = { magicLinkId: invitationId };
  return apiClient.put<InvitationSentResponse>('/org/invitation', body);
}

/** PUT /api/org/invitation (resend); failures toast the server's message (query client). */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (response) => {
      showSuccess(response.message);
      return queryClient.invalidateQueries({ queryKey: invitationsKeys.all });
    },
  });
}

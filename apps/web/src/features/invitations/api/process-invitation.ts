import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type {
  ProcessInvitationBody,
  ProcessInvitationResponse,
} from '@resonant/contracts/invitations';
import { paths } from '../../../config/paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { answerLink } from '../../../lib/link-answer.ts';
import { profileQueryOptions } from '../../../lib/current-user.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { refreshMemberships } from '../../../lib/orgs-and-groups.ts';
import { invitationsKeys } from './query-keys.ts';

function processInvitation(body: ProcessInvitationBody): Promise<ProcessInvitationResponse> {
  return apiClient.post<ProcessInvitationResponse>('/process-invitation', body);
}

/**
 * POST /api/process-invitation. A refused link (403/404/410) resolves with its view, which the page
 * shows instead of an error toast; other failures are toasted and the buttons come back. Once the
 * invitation is answered the user goes to the home of their (possibly new) user type.
 */
export function useProcessInvitation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: ProcessInvitationBody) => answerLink(() => processInvitation(body)),
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'done') return;
      showSuccess(outcome.message);
      // Accepting moves the account into the invited org with the invited role: the home to go to
      // is the refreshed user's.
      await refreshMemberships(queryClient);
      // Not refetched now: this page's own link would answer "not valid" while it is still shown.
      void queryClient.invalidateQueries({ queryKey: invitationsKeys.all, refetchType: 'none' });
      const user = queryClient.getQueryData(profileQueryOptions.queryKey);
      void navigate(user ? ROLE_HOME[user.user_type] : paths.home, { replace: true });
    },
  });
}

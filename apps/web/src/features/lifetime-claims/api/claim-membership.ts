import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { ClaimMembershipBody } from '@resonant/contracts/lifetime-claims';
import { paths } from '../../../config/paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { answerLink } from '../../../lib/link-answer.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { refreshMemberships } from '../../../lib/orgs-and-groups.ts';
import { lifetimeClaimsKeys } from './query-keys.ts';

function claimMembership(body: ClaimMembershipBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/life_time_subscription/claim_membership', body);
}

/**
 * POST /api/life_time_subscription/claim_membership. A refused link (403/404) resolves with its
 * view, which the page shows instead of an error toast; other failures (409 included) are toasted.
 * A claimed membership leads to /welcome (SPEC §4).
 */
export function useClaimMembership() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: ClaimMembershipBody) => answerLink(() => claimMembership(body)),
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'done') return;
      showSuccess(outcome.message);
      // A claim for an organisation is a seat there, so the memberships may have changed too.
      await refreshMemberships(queryClient);
      // Not refetched now: this page's own link would answer "not valid" while it is still shown.
      void queryClient.invalidateQueries({ queryKey: lifetimeClaimsKeys.all, refetchType: 'none' });
      void navigate(paths.welcome, { replace: true });
    },
  });
}

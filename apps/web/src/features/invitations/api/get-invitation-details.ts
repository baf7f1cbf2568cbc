import { queryOptions } from '@tanstack/react-query';
import type { InvitationDetails } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { openLink } from '../../../lib/link-answer.ts';
import { invitationsKeys } from './query-keys.ts';
import { viewOfDetails, type InviteLinkView } from './link-view.ts';

function getInvitationDetails(token: string): Promise<InvitationDetails> {
  return apiClient.get<InvitationDetails>(
    `/invitation-details?${new URLSearchParams({ it: token }).toString()}`,
  );
}

/** The link's view: the offer, the wrong-account view, or the refusal the server gave. */
function loadInvitationLink(token: string): Promise<InviteLinkView> {
  return openLink(async () => viewOfDetails(await getInvitationDetails(token)));
}

/** What the invite page shows for a token (GET /api/invitation-details?it). */
export function invitationLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationsKeys.details(token),
    queryFn: () => loadInvitationLink(token),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { ClaimDetails } from '@resonant/contracts/lifetime-claims';
import { apiClient } from '../../../lib/api-client.ts';
import { openLink } from '../../../lib/link-answer.ts';
import { viewOfDetails, type ClaimLinkView } from './link-view.ts';
import { lifetimeClaimsKeys } from './query-keys.ts';

function getClaimDetails(token: string): Promise<ClaimDetails> {
  return apiClient.get<ClaimDetails>(
    `/life_time_subscription/claim_details?${new URLSearchParams({ ml: token }).toString()}`,
  );
}

/** The link's view: the offer, the wrong-account view, or the refusal the server gave. */
function loadClaimLink(token: string): Promise<ClaimLinkView> {
  return openLink(async () => viewOfDetails(await getClaimDetails(token)));
}

/** What the claim page shows for a token (GET /api/life_time_subscription/claim_details?ml). */
export function claimLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: lifetimeClaimsKeys.details(token),
    queryFn: () => loadClaimLink(token),
  });
}

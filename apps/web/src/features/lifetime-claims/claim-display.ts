import type { ClaimStatus } from '@resonant/contracts/lifetime-claims';

export const CLAIMS_PAGE_SIZES = [10, 20, 50, 100] as const;

/** A failed claim email is fixed by issuing a new link, which voids the earlier ones. */
export const CLAIM_MAIL_FAILED_HINT =
  'The claim email could not be delivered. Issue a new claim link to try again.';

const STATUS_COLORS: Record<ClaimStatus, string> = {
  pending: 'orange',
  claimed: 'teal',
  revoked: 'red',
  expired: 'gray',
};

/** The Status badge of a claim link: upper-cased, a colour per status. */
export function claimStatusBadge(status: ClaimStatus): { label: string; color: string } {
  return { label: status.toUpperCase(), color: STATUS_COLORS[status] };
}

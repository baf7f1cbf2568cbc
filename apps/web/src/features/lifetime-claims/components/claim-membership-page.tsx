import { Button, Text } from '@mantine/core';
import { IconInfinity } from '@tabler/icons-react';
import type { ClaimDetails } from '@resonant/contracts/lifetime-claims';
import { EmailedLinkPage } from '../../../components/emailed-link-page.tsx';
import { LinkStatusCard } from '../../../components/link-status-card.tsx';
import type { LinkProblem } from '../../../lib/link-answer.ts';
import { useProfile } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/hrv-format.ts';
import { useClaimMembership } from '../api/claim-membership.ts';
import { claimLinkQueryOptions } from '../api/get-claim-details.ts';
import { MISSING_TOKEN_VIEW } from '../api/link-view.ts';

const NOT_VALID_HINT =
  'Claim links work once and expire after a while. Ask the Resonant team for a new link.';

/** /process-life-time-membership-invite?it=: the recipient claims a lifetime membership. */
export function ClaimMembershipPage() {
  return (
    <EmailedLinkPage
      missingToken={MISSING_TOKEN_VIEW}
      hint={NOT_VALID_HINT}
      loaderLabel="Loading lifetime membership"
      // SPEC §2 names the route's parameter `it`; the API calls the same token `ml`.
      linkQuery={claimLinkQueryOptions}
      renderOffer={({ offer, token, onRefused }) => (
        <ClaimView token={token} details={offer.details} onRefused={onRefused} />
      )}
    />
  );
}

interface ClaimViewProps {
  token: string;
  details: ClaimDetails;
  onRefused: (problem: LinkProblem) => void;
}

function ClaimView({ token, details, onRefused }: ClaimViewProps) {
  const claim = useClaimMembership();
  const email = useProfile().data?.email ?? '';

  const claimNow = () =>
    claim.mutate(
      { ml: token },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'refused') onRefused(outcome.problem);
        },
      },
    );

  return (
    <LinkStatusCard
      icon={<IconInfinity size={32} aria-hidden />}
      title="Claim your Lifetime Membership"
      actions={
        <Button loading={claim.isPending} onClick={claimNow}>
          Claim Now
        </Button>
      }
    >
      <Text size="lg">
        {details.org_name
          ? `A lifetime membership of ${details.org_name} is waiting for you.`
          : 'A lifetime Resonant membership is waiting for you.'}
      </Text>
      <Text c="dimmed">
        Once claimed, the membership is bound for good to the account you are signed in with
        {email && (
          <>
            :{' '}
            <Text span fw={600} c="bright" style={{ overflowWrap: 'anywhere' }}>
              {email}
            </Text>
          </>
        )}
        . It cannot be transferred to another account.
      </Text>
      <Text size="sm" c="dimmed">
        This link expires on {formatDateTime(details.expires_at)}.
      </Text>
    </LinkStatusCard>
  );
}

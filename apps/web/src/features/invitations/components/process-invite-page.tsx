import { Button, Text } from '@mantine/core';
import { IconCheck, IconMailOpened, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { InvitationDetails } from '@resonant/contracts/invitations';
import { EmailedLinkPage } from '../../../components/emailed-link-page.tsx';
import { LinkStatusCard } from '../../../components/link-status-card.tsx';
import type { LinkProblem } from '../../../lib/link-answer.ts';
import { formatDateTime } from '../../../lib/hrv-format.ts';
import { invitationLinkQueryOptions } from '../api/get-invitation-details.ts';
import { MISSING_TOKEN_VIEW } from '../api/link-view.ts';
import { useProcessInvitation } from '../api/process-invitation.ts';
import { inviteSentence } from './link-invite-sentence.ts';

const NOT_VALID_HINT =
  'Invitation links work once and expire after a while. Ask the person who invited you to send ' +
  'a new invitation.';

/** /process-invite?it=: the recipient accepts, rejects or skips an invitation (SPEC §2, §4). */
export function ProcessInvitePage() {
  return (
    <EmailedLinkPage
      missingToken={MISSING_TOKEN_VIEW}
      hint={NOT_VALID_HINT}
      loaderLabel="Loading invitation"
      linkQuery={invitationLinkQueryOptions}
      renderOffer={({ offer, ...link }) => <InviteView {...link} details={offer.details} />}
    />
  );
}

interface InviteViewProps {
  token: string;
  details: InvitationDetails;
  homePath: string;
  onRefused: (problem: LinkProblem) => void;
}

function InviteView({ token, details, homePath, onRefused }: InviteViewProps) {
  const navigate = useNavigate();
  const process = useProcessInvitation();
  const answering = process.isPending ? process.variables.status : null;

  const answer = (status: 'accepted' | 'rejected') =>
    process.mutate(
      { it: token, status },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'refused') onRefused(outcome.problem);
        },
      },
    );

  return (
    <LinkStatusCard
      icon={<IconMailOpened size={32} aria-hidden />}
      title="You're invited!"
      actions={
        <>
          <Button
            leftSection={<IconCheck size={18} aria-hidden />}
            loading={answering === 'accepted'}
            disabled={answering === 'rejected'}
            onClick={() => answer('accepted')}
          >
            Accept
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={18} aria-hidden />}
            loading={answering === 'rejected'}
            disabled={answering === 'accepted'}
            onClick={() => answer('rejected')}
          >
            Reject
          </Button>
          <Button
            variant="subtle"
            disabled={answering !== null}
            onClick={() => void navigate(homePath)}
          >
            Skip for now
          </Button>
        </>
      }
    >
      <Text size="lg">{inviteSentence(details)}</Text>
      <Text size="sm" c="dimmed">
        This invitation expires on {formatDateTime(details.expires_at)}.
      </Text>
    </LinkStatusCard>
  );
}

import {
  INVITATION_NOT_VALID_MESSAGE,
  WRONG_ACCOUNT_MESSAGE,
  type InvitationDetails,
} from '@resonant/contracts/invitations';
import type { LinkProblem } from '../../../lib/link-answer.ts';

/** What the invite page shows once the server has answered about the link. */
export type InviteLinkView = { kind: 'invite'; details: InvitationDetails } | LinkProblem;

/** The invite view, or the wrong-account view when the signed-in email is not the invited one. */
export function viewOfDetails(details: InvitationDetails): InviteLinkView {
  if (!details.accountSameAsEmail) return { kind: 'wrong-account', message: WRONG_ACCOUNT_MESSAGE };
  return { kind: 'invite', details };
}

/** The view of a page opened without a token: nothing to ask the server about. */
export const MISSING_TOKEN_VIEW: LinkProblem = {
  kind: 'not-valid',
  message: INVITATION_NOT_VALID_MESSAGE,
};

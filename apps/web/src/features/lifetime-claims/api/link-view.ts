import {
  CLAIM_NOT_VALID_MESSAGE,
  CLAIM_WRONG_ACCOUNT_MESSAGE,
  type ClaimDetails,
} from '@resonant/contracts/lifetime-claims';
import type { LinkProblem } from '../../../lib/link-answer.ts';

/** What the claim page shows once the server has answered about the link. */
export type ClaimLinkView = { kind: 'claim'; details: ClaimDetails } | LinkProblem;

/** The claim view, or the wrong-account view when the signed-in email is not the link's. */
export function viewOfDetails(details: ClaimDetails): ClaimLinkView {
  if (!details.accountSameAsEmail) {
    return { kind: 'wrong-account', message: CLAIM_WRONG_ACCOUNT_MESSAGE };
  }
  return { kind: 'claim', details };
}

/** The view of a page opened without a token: nothing to ask the server about. */
export const MISSING_TOKEN_VIEW: LinkProblem = {
  kind: 'not-valid',
  message: CLAIM_NOT_VALID_MESSAGE,
};

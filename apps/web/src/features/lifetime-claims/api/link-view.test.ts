import { describe, expect, it } from 'vitest';
import {
  CLAIM_WRONG_ACCOUNT_MESSAGE,
  type ClaimDetails,
} from '@resonant/contracts/lifetime-claims';
import { viewOfDetails } from './link-view.ts';

const details: ClaimDetails = {
  org_name: 'Acme',
  accountSameAsEmail: true,
  expires_at: '2030-01-08T10:00:00.000Z',
};

describe('viewOfDetails', () => {
  it('offers the claim to the account the link was sent to', () => {
    expect(viewOfDetails(details)).toEqual({ kind: 'claim', details });
  });

  it('shows the wrong-account view to any other account', () => {
    expect(viewOfDetails({ ...details, accountSameAsEmail: false })).toEqual({
      kind: 'wrong-account',
      message: CLAIM_WRONG_ACCOUNT_MESSAGE,
    });
  });
});

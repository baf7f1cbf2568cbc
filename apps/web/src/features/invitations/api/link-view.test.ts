import { describe, expect, it } from 'vitest';
import { WRONG_ACCOUNT_MESSAGE, type InvitationDetails } from '@resonant/contracts/invitations';
import { viewOfDetails } from './link-view.ts';

const details: InvitationDetails = {
  org_name: 'Acme',
  group_name: 'Night shift',
  accountSameAsEmail: true,
  role: 'user',
  first_name: 'Ana',
  invited_by: 'Bo Berg',
  expires_at: '2030-01-08T10:00:00.000Z',
};

describe('viewOfDetails', () => {
  it('shows the invitation to the invited account', () => {
    expect(viewOfDetails(details)).toEqual({ kind: 'invite', details });
  });

  it('shows the wrong-account view to any other account', () => {
    expect(viewOfDetails({ ...details, accountSameAsEmail: false })).toEqual({
      kind: 'wrong-account',
      message: WRONG_ACCOUNT_MESSAGE,
    });
  });
});

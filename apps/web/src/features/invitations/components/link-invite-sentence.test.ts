import { describe, expect, it } from 'vitest';
import { inviteSentence } from './link-invite-sentence.ts';

describe('inviteSentence', () => {
  it('names the inviter, the organization, the group and the role', () => {
    expect(
      inviteSentence({
        invited_by: 'Bo Berg',
        org_name: 'Acme',
        group_name: 'Nights',
        role: 'group',
      }),
    ).toBe('Bo Berg invited you to join Acme (group Nights) as Group Admin.');
  });

  it('leaves out the group of an organization-wide invitation', () => {
    expect(
      inviteSentence({ invited_by: 'Bo Berg', org_name: 'Acme', group_name: null, role: 'org' }),
    ).toBe('Bo Berg invited you to join Acme as Organization Admin.');
  });

  it('does without an unknown inviter', () => {
    expect(
      inviteSentence({ invited_by: null, org_name: 'Acme', group_name: 'Nights', role: 'user' }),
    ).toBe('You have been invited to join Acme (group Nights) as Standard User.');
    expect(
      inviteSentence({ invited_by: '  ', org_name: 'Acme', group_name: null, role: 'user' }),
    ).toBe('You have been invited to join Acme as Standard User.');
  });
});

import { describe, expect, it } from 'vitest';
import { INVITATION_STATUSES } from '@resonant/contracts/invitations';
import { canResend, invitationStatusBadge } from './invitation-display.ts';

describe('invitationStatusBadge (SPEC §2: status upper-cased)', () => {
  it.each([
    ['pending', 'PENDING', 'orange'],
    ['accepted', 'ACCEPTED', 'teal'],
    ['rejected', 'REJECTED', 'red'],
    ['expired', 'EXPIRED', 'gray'],
  ] as const)('%s -> %s in %s', (status, label, color) => {
    expect(invitationStatusBadge(status)).toEqual({ label, color });
  });

  it('has a colour for every status', () => {
    for (const status of INVITATION_STATUSES) {
      expect(invitationStatusBadge(status).color).toBeTruthy();
    }
  });
});

describe('canResend', () => {
  it('resends anything but an accepted invitation', () => {
    expect(canResend({ status: 'accepted' })).toBe(false);
    for (const status of ['pending', 'rejected', 'expired', 'revoked'] as const) {
      expect(canResend({ status })).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { inviteNoteFor } from './invite-note.tsx';

describe('inviteNoteFor', () => {
  it('names the invitation or the lifetime membership the visitor came for', () => {
    expect(inviteNoteFor('/process-invite?it=abc')).toBe(
      'Note: Please SignIn or SignUp To Join This Invitation',
    );
    expect(inviteNoteFor('/process-life-time-membership-invite?it=abc')).toBe(
      'Note: Please SignIn or SignUp To Claim The Lifetime Membership',
    );
  });

  it('shows nothing for other destinations', () => {
    expect(inviteNoteFor(null)).toBeNull();
    expect(inviteNoteFor('/org/users')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { challengeInFragment, isSecondFactorChallenge } from './second-factor-answer.ts';

describe('the second step of a sign-in', () => {
  it('is asked by an answer with mfaRequired', () => {
    expect(
      isSecondFactorChallenge({ mfaRequired: true, challenge: 'c', expiresAt: '2026-01-01' }),
    ).toBe(true);
  });

  it('reads the challenge of a social sign-in from the fragment only', () => {
    expect(challengeInFragment('#mfa=abc_-1')).toBe('abc_-1');
    expect(challengeInFragment('#other=abc')).toBeNull();
    expect(challengeInFragment('#mfa=')).toBeNull();
    expect(challengeInFragment('')).toBeNull();
    expect(challengeInFragment(`#mfa=${'a'.repeat(200)}`)).toBeNull();
  });
});

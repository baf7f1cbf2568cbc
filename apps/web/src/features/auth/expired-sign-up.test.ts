import { describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import { SOCIAL_SIGN_UP_EXPIRED_MESSAGE } from '@resonant/contracts/social-sign-in';
import { ApiError } from '../../lib/api-error.ts';
import { isExpiredSignUp } from './expired-sign-up.ts';

describe('isExpiredSignUp', () => {
  it('is the 401 of a pending sign-up that is gone', () => {
    expect(isExpiredSignUp(new ApiError(401, { message: SOCIAL_SIGN_UP_EXPIRED_MESSAGE }))).toBe(
      true,
    );
  });

  it('is not a wrong password, another status or no answer', () => {
    expect(isExpiredSignUp(new ApiError(401, { message: INVALID_CREDENTIALS_MESSAGE }))).toBe(
      false,
    );
    expect(isExpiredSignUp(new ApiError(409, { message: SOCIAL_SIGN_UP_EXPIRED_MESSAGE }))).toBe(
      false,
    );
    expect(isExpiredSignUp(new ApiError(0, undefined))).toBe(false);
    expect(isExpiredSignUp(null)).toBe(false);
  });
});

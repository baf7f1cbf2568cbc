import { SOCIAL_SIGN_UP_EXPIRED_MESSAGE } from '@resonant/contracts/social-sign-in';
import { ApiError } from '../../lib/api-error.ts';

/**
 * The pending social sign-up is gone (expired, used, or never started): the server's 401 with
 * SOCIAL_SIGN_UP_EXPIRED_MESSAGE. A wrong password on the link form is a 401 too, but not this one.
 */
export function isExpiredSignUp(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    error.message === SOCIAL_SIGN_UP_EXPIRED_MESSAGE
  );
}

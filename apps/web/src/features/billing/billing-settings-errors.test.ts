import { describe, expect, it } from 'vitest';
import {
  ADD_CARD_FAILED_MESSAGE,
  BILLING_UPDATE_FAILED_MESSAGE,
  CARD_CREATION_FAILED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  REMOVE_METHOD_FAILED_MESSAGE,
} from '@resonant/contracts/billing';
import { ApiError } from '../../lib/api-error.ts';
import { CardNotAddedError, withFallbackMessage, withMessage } from './billing-settings-errors.ts';

const refused = new ApiError(400, {
  message: 'billing_email: Please enter a valid email address.',
});
const noAnswer = new ApiError(0, undefined);
const htmlPage = new ApiError(502, '<html>Bad gateway</html>');
const signedOut = new ApiError(401, { message: 'Unauthorized' }, true);

describe('withFallbackMessage', () => {
  it("keeps the server's message", () => {
    expect(withFallbackMessage(refused, BILLING_UPDATE_FAILED_MESSAGE)).toBe(refused);
  });

  it('carries the fallback when the server said nothing', () => {
    for (const error of [noAnswer, htmlPage, new TypeError('x')]) {
      expect(withFallbackMessage(error, BILLING_UPDATE_FAILED_MESSAGE).message).toBe(
        BILLING_UPDATE_FAILED_MESSAGE,
      );
    }
    expect(withFallbackMessage(htmlPage, BILLING_UPDATE_FAILED_MESSAGE).status).toBe(502);
  });
});

describe('withMessage', () => {
  it("puts SPEC §8's message in place of the server's", () => {
    const error = withMessage(refused, REMOVE_METHOD_FAILED_MESSAGE);
    expect(error.message).toBe(REMOVE_METHOD_FAILED_MESSAGE);
    expect(error.status).toBe(400);
  });

  it('leaves a 401 that signed the user out as it is (no second toast)', () => {
    expect(withMessage(signedOut, REMOVE_METHOD_FAILED_MESSAGE)).toBe(signedOut);
  });

  it("keeps a 429's wait", () => {
    const retryAt = new Date(Date.now() + 60_000);
    const tooMany = new ApiError(429, { message: 'Too many requests' }, false, retryAt);
    expect(withMessage(tooMany, REMOVE_METHOD_FAILED_MESSAGE).retryAt).toBe(retryAt);
    expect(new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, tooMany).retryAt).toBe(retryAt);
  });
});

describe('CardNotAddedError', () => {
  it("toasts the step's message and keeps the server's reason", () => {
    const declined = new ApiError(402, { message: CARD_DECLINED_MESSAGE });
    const error = new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, declined);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(ADD_CARD_FAILED_MESSAGE);
    expect(error.status).toBe(402);
    expect(error.reason).toBe(CARD_DECLINED_MESSAGE);
  });

  it("keeps the card provider's message", () => {
    const error = new CardNotAddedError(
      CARD_CREATION_FAILED_MESSAGE,
      new Error('Your card number is incomplete.'),
    );
    expect(error.reason).toBe('Your card number is incomplete.');
  });

  it('has no reason when nothing more was said', () => {
    expect(new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, noAnswer).reason).toBeNull();
    expect(
      new CardNotAddedError(
        ADD_CARD_FAILED_MESSAGE,
        new ApiError(500, { message: ADD_CARD_FAILED_MESSAGE }),
      ).reason,
    ).toBeNull();
    const odd = new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, 'odd');
    expect([odd.message, odd.reason, odd.status]).toEqual([ADD_CARD_FAILED_MESSAGE, null, 0]);
  });

  it('stays quiet after a 401 that signed the user out', () => {
    expect(new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, signedOut).sessionEnded).toBe(true);
  });
});

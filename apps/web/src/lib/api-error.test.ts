import { describe, expect, it } from 'vitest';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { ApiError, messageOf } from './api-error.ts';

describe('messageOf', () => {
  it("is the body's message, or null when it has none", () => {
    expect(messageOf({ message: 'Payment method not found' })).toBe('Payment method not found');
    expect(messageOf({ message: '  ' })).toBeNull();
    expect(messageOf(undefined)).toBeNull();
    expect(messageOf('<html>Bad gateway</html>')).toBeNull();
  });

  it('gives an ApiError without one the fallback message', () => {
    expect(new ApiError(502, '<html>Bad gateway</html>').message).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

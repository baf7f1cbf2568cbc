import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { retryAtFrom, retryAtOf, waitMessage } from './retry-after.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('retryAtFrom', () => {
  it('reads seconds from now', () => {
    expect(retryAtFrom('540', NOW)).toEqual(new Date(NOW + 540_000));
    expect(retryAtFrom(' 0 ', NOW)).toEqual(new Date(NOW));
  });

  it('reads an HTTP date', () => {
    expect(retryAtFrom('Sun, 01 Mar 2026 12:10:00 GMT', NOW)).toEqual(
      new Date('2026-03-01T12:10:00Z'),
    );
  });

  it.each([null, '', 'soon', '-5'])('finds no time in %j', (header) => {
    expect(retryAtFrom(header, NOW)).toBeNull();
  });
});

describe('retryAtOf', () => {
  it('is the retry time of a refused request (429) only', () => {
    const retryAt = new Date(NOW + 60_000);
    expect(retryAtOf(new ApiError(429, { message: 'Slow down' }, false, retryAt))).toBe(retryAt);
    expect(retryAtOf(new ApiError(503, { message: 'Later' }, false, retryAt))).toBeNull();
    expect(retryAtOf(new ApiError(429, { message: 'Slow down' }))).toBeNull();
    expect(retryAtOf(new Error('network'))).toBeNull();
  });
});

describe('waitMessage', () => {
  it('says how long is left, rounded up', () => {
    const retryAt = new Date(NOW + 530_000);
    expect(waitMessage(retryAt, NOW)).toBe('Too many attempts. Try again in 9 minutes.');
    expect(waitMessage(retryAt, NOW + 500_000)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(waitMessage(retryAt, NOW + 529_500)).toBe('Too many attempts. Try again in 1 second.');
  });

  it('is nothing once the wait is over', () => {
    const retryAt = new Date(NOW + 60_000);
    expect(waitMessage(retryAt, NOW + 60_000)).toBeNull();
    expect(waitMessage(retryAt, NOW + 61_000)).toBeNull();
  });
});

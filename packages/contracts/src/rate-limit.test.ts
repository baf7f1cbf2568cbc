import { describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage, waitDuration } from './rate-limit.ts';

describe('waitDuration', () => {
  it.each([
    [0, '1 second'],
    [0.2, '1 second'],
    [1, '1 second'],
    [45, '45 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [540, '9 minutes'],
    [600, '10 minutes'],
    [7199, '120 minutes'],
    [7200, '2 hours'],
    [7201, '3 hours'],
    [86_400, '24 hours'],
  ])('reads %s seconds as %s, never shorter than the real wait', (seconds, text) => {
    expect(waitDuration(seconds)).toBe(text);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('says how long to wait', () => {
    expect(tooManyAttemptsMessage(530)).toBe('Too many attempts. Try again in 9 minutes.');
  });
});

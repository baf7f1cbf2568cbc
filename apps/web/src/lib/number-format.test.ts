import { describe, expect, it } from 'vitest';
import { abbreviate, formatCount } from './number-format.ts';

describe('abbreviate (SPEC §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.3K'],
    [99_950, '100K'],
    [999_950, '1M'],
    [250_000, '250K'],
    [3_400_000, '3.4M'],
    [2e9, '2B'],
    [5e12, '5T'],
    [-1500, '-1.5K'],
    [-250_000, '-250K'],
  ])('%d -> %s', (value, text) => {
    expect(abbreviate(value)).toBe(text);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [1234, '1,234'],
    [99_999, '99,999'],
    [100_000, '100K'],
    [123_456, '123K'],
    [4_560_000, '4.6M'],
    [7_100_000_000, '7.1B'],
  ])('%d -> %s (en-US)', (value, text) => {
    expect(formatCount(value, 'en-US')).toBe(text);
  });

  it('groups digits in the given locale', () => {
    expect(formatCount(12_345, 'de-DE')).toBe('12.345');
  });
});

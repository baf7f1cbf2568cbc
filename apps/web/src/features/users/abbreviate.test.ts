import { describe, expect, it } from 'vitest';
import { abbreviate } from './abbreviate.ts';

describe('abbreviate (SPEC §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.3K'],
    [250_000, '250K'],
    [3_400_000, '3.4M'],
    [2e9, '2B'],
    [5e12, '5T'],
  ])('%d -> %s', (value, text) => {
    expect(abbreviate(value)).toBe(text);
  });
});

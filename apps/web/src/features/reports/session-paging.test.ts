import { describe, expect, it } from 'vitest';
import { nextSessionOffset } from './session-paging.ts';

const page = (count: number, noOfRows: number) => ({
  list: Array.from({ length: count }, () => ({}) as never),
  noOfRows,
});

describe('nextSessionOffset', () => {
  it('asks for the sessions after those loaded while the range holds more', () => {
    expect(nextSessionOffset(page(20, 45), 0)).toBe(20);
    expect(nextSessionOffset(page(20, 45), 20)).toBe(40);
  });

  it('stops once every session of the range is loaded', () => {
    expect(nextSessionOffset(page(5, 45), 40)).toBeUndefined();
    expect(nextSessionOffset(page(20, 20), 0)).toBeUndefined();
    expect(nextSessionOffset(page(0, 0), 0)).toBeUndefined();
  });

  it('stops on an empty page even when the count says more (sessions removed meanwhile)', () => {
    expect(nextSessionOffset(page(0, 45), 40)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CLAIMS_LIMIT_MAX } from '@resonant/contracts/lifetime-claims';
import { CLAIMS_PAGE_SIZES, claimStatusBadge } from './claim-display.ts';

describe('claimStatusBadge', () => {
  it.each([
    ['pending', 'PENDING', 'orange'],
    ['claimed', 'CLAIMED', 'teal'],
    ['revoked', 'REVOKED', 'red'],
    ['expired', 'EXPIRED', 'gray'],
  ] as const)('%s -> %s in %s', (status, label, color) => {
    expect(claimStatusBadge(status)).toEqual({ label, color });
  });
});

describe('CLAIMS_PAGE_SIZES', () => {
  it('never asks for more rows than the API gives', () => {
    expect(Math.max(...CLAIMS_PAGE_SIZES)).toBeLessThanOrEqual(CLAIMS_LIMIT_MAX);
  });
});

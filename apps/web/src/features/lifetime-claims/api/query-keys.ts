import type { ClaimListQuery } from '@resonant/contracts/lifetime-claims';

/** Query keys of the lifetime-claims feature; issuing a link invalidates `all`. */
export const lifetimeClaimsKeys = {
  all: ['lifetime-claims'] as const,
  list: (query: ClaimListQuery) => ['lifetime-claims', 'list', query] as const,
  details: (token: string) => ['lifetime-claims', 'details', token] as const,
};

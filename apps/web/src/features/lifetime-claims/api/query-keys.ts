import type { ClaimListQuery } from '@resonant/contracts/lifetime-claims';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of the lifetime-claims feature; issuing a link invalidates `all`. The list is the app
 * admin's; a link's details belong to the signed-in account, so they carry no context.
 */
export const lifetimeClaimsKeys = {
  all: ['lifetime-claims'] as const,
  list: (context: CurrentContext | null, query: ClaimListQuery) =>
    tenantKey(context, 'lifetime-claims', 'list', query),
  details: (token: string) => ['lifetime-claims', 'details', token] as const,
};

import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CurrentContext } from './current-context.ts';

/** The last part of every tenant-scoped query key: the context the answer was given in. */
type TenantMarker = { tenant: CurrentContext | null };

/**
 * The key of a query whose answer belongs to one organisation or group: the feature's own parts,
 * then the current context. Two contexts never share a cached answer, and a feature still
 * invalidates all of its queries by its first part.
 */
export function tenantKey<const Parts extends readonly unknown[]>(
  context: CurrentContext | null,
  ...parts: Parts
): [...Parts, TenantMarker] {
  return [...parts, { tenant: context }];
}

function isTenantKey(queryKey: QueryKey): boolean {
  const last = queryKey.at(-1);
  return typeof last === 'object' && last !== null && 'tenant' in last;
}

/**
 * Forgets every answer of an organisation or group: a switch leaves none behind to be shown. Calls
 * still under way are cancelled first, so an answer for the old context cannot land (or toast)
 * after it.
 */
export async function removeTenantQueries(queryClient: QueryClient): Promise<void> {
  const filters = { predicate: (query: { queryKey: QueryKey }) => isTenantKey(query.queryKey) };
  await queryClient.cancelQueries(filters);
  queryClient.removeQueries(filters);
}

/**
 * The first part of the top organisations' keys (an app admin's, so no context): their rows name
 * and count every organisation, so whatever adds, renames or deletes one, or changes its members
 * or recordings, invalidates them too.
 */
export const TOP_ORGANIZATIONS_KEY = ['top-organizations'] as const;

/**
 * The first part of the keys of the person's own readings (their own data, so no context): an
 * edit or a deletion invalidates every answer under it, so whatever is computed from their
 * readings and keyed under it is read again at once.
 */
export const MY_READINGS_KEY = ['my-readings'] as const;

/**
 * The member's own dashboard (GET /api/v1/dashboard), computed from their readings: keyed under
 * MY_READINGS_KEY so an edit or a deletion of a reading refreshes it.
 */
export const MY_DASHBOARD_KEY = [...MY_READINGS_KEY, 'dashboard'] as const;

/**
 * The first part of the signed-in person's own sessions' keys: theirs in every organisation, so
 * not tenant keys (signing out clears every answer).
 */
export const MY_SESSIONS_KEY = ['my-sessions'] as const;

import type { QueryClient } from '@tanstack/react-query';
import { TOP_ORGANIZATIONS_KEY } from '../../../lib/query-keys.ts';

/**
 * Query keys of the organizations feature (the app admin's). The admin area is not an
 * organisation's or a group's, so the keys carry no context (lib/query-keys.ts); every change
 * invalidates `all` (invalidateOrganizations), which refreshes the list, an organisation's page
 * and its admins at once.
 */
export const organizationsKeys = {
  all: ['organizations'] as const,
  list: () => ['organizations', 'list'] as const,
  one: (orgId: string) => ['organizations', 'one', orgId] as const,
  admins: (orgId: string) => ['organizations', 'admins', orgId] as const,
  members: (orgId: string) => ['organizations', 'members', orgId] as const,
  userSearch: (keyword: string, orgId: string | null) =>
    ['organizations', 'user-search', keyword, orgId] as const,
  demoProgress: (jobId: string) => ['organizations', 'demo-progress', jobId] as const,
};

/** After any change to an organisation: its list, pages and admins, and the top organisations. */
export function invalidateOrganizations(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationsKeys.all }),
    queryClient.invalidateQueries({ queryKey: TOP_ORGANIZATIONS_KEY }),
  ]);
}

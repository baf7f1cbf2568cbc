import type { QueryClient } from '@tanstack/react-query';
import { orgsAndGroupsQueryOptions } from '../../../lib/orgs-and-groups.ts';
import { GROUPS_QUERY_KEY } from './get-groups.ts';

/** After a change: every groups query, and the switcher, which lists group names too. */
export function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: orgsAndGroupsQueryOptions.queryKey }),
  ]).then(() => undefined);
}

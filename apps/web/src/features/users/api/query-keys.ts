import type { QueryClient } from '@tanstack/react-query';
import type { OrgUsersQuery } from '@resonant/contracts/org-users';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { USERS_STATS_KEY } from '../../../lib/users-stats.ts';

/** Query keys of the users feature; every change to users invalidates them (invalidateUsers). */
export const usersKeys = {
  all: ['org-users'] as const,
  list: (context: CurrentContext | null, query: OrgUsersQuery) =>
    tenantKey(context, 'org-users', 'list', query),
  groupOptions: (context: CurrentContext | null) =>
    tenantKey(context, 'org-users', 'group-options'),
  userGroups: (context: CurrentContext | null, userId: string) =>
    tenantKey(context, 'org-users', 'user-groups', userId),
};

/** After any change to users or their payer: the users' queries and the stats (lib/users-stats). */
export function invalidateUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    queryClient.invalidateQueries({ queryKey: USERS_STATS_KEY }),
  ]);
}

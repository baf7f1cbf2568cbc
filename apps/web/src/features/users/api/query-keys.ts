import type { OrgUsersQuery } from '@resonant/contracts/org-users';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** Query keys of the users feature; every change to users invalidates `all`. */
export const usersKeys = {
  all: ['org-users'] as const,
  list: (context: CurrentContext | null, query: OrgUsersQuery) =>
    tenantKey(context, 'org-users', 'list', query),
  stats: (context: CurrentContext | null) => tenantKey(context, 'org-users', 'stats'),
  groupOptions: (context: CurrentContext | null) =>
    tenantKey(context, 'org-users', 'group-options'),
  userGroups: (context: CurrentContext | null, userId: string) =>
    tenantKey(context, 'org-users', 'user-groups', userId),
};

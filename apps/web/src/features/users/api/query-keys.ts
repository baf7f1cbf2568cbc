import type { OrgUsersQuery } from '@resonant/contracts/org-users';

/** Query keys of the users feature; every change to users invalidates `all`. */
export const usersKeys = {
  all: ['org-users'] as const,
  list: (query: OrgUsersQuery) => ['org-users', 'list', query] as const,
  stats: ['org-users', 'stats'] as const,
  groupOptions: ['org-users', 'group-options'] as const,
  userGroups: (userId: string) => ['org-users', 'user-groups', userId] as const,
};

import type { InvitationListQuery } from '@resonant/contracts/invitations';

/** Query keys of the invitations feature; sending or resending invalidates `all`. */
export const invitationsKeys = {
  all: ['invitations'] as const,
  list: (query: InvitationListQuery) => ['invitations', 'list', query] as const,
  groups: (orgId: string | null) => ['invitations', 'groups', orgId] as const,
  details: (token: string) => ['invitations', 'details', token] as const,
};

import type { InvitationListQuery } from '@resonant/contracts/invitations';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of the invitations feature; sending or resending invalidates `all`. A link's details
 * belong to the signed-in account, not to where it works, so they carry no context.
 */
export const invitationsKeys = {
  all: ['invitations'] as const,
  list: (context: CurrentContext | null, query: InvitationListQuery) =>
    tenantKey(context, 'invitations', 'list', query),
  groups: (context: CurrentContext | null, orgId: string | null) =>
    tenantKey(context, 'invitations', 'groups', orgId),
  details: (token: string) => ['invitations', 'details', token] as const,
};

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationGroupsResponse } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { invitationsKeys } from './query-keys.ts';

/** `orgId` is the app admin's chosen organization; an org admin's own is implied (null). */
function getInvitationGroups(orgId: string | null): Promise<InvitationGroupsResponse> {
  const query = orgId ? `?${new URLSearchParams({ org_id: orgId }).toString()}` : '';
  return apiClient.get<InvitationGroupsResponse>(`/org/invitation/groups${query}`);
}

const invitationGroupsQueryOptions = (orgId: string | null, context: CurrentContext | null) =>
  queryOptions({
    queryKey: invitationsKeys.groups(context, orgId),
    queryFn: () => getInvitationGroups(orgId),
  });

/** The groups an invitee can be put in (GET /api/org/invitation/groups); idle until `enabled`. */
export function useInvitationGroups(orgId: string | null, enabled: boolean) {
  const context = useCurrentContext();
  return useQuery({
    ...invitationGroupsQueryOptions(orgId, context),
    enabled: enabled && context !== null,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationGroupsResponse } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { invitationsKeys } from './query-keys.ts';

/** `orgId` is the app admin's chosen organization; an org admin's own is implied (null). */
export function getInvitationGroups(orgId: string | null): Promise<InvitationGroupsResponse> {
  const query = orgId ? `?${new URLSearchParams({ org_id: orgId }).toString()}` : '';
  return apiClient.get<InvitationGroupsResponse>(`/org/invitation/groups${query}`);
}

export const invitationGroupsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: invitationsKeys.groups(orgId),
    queryFn: () => getInvitationGroups(orgId),
  });

/** The groups an invitee can be put in (GET /api/org/invitation/groups); idle until `enabled`. */
export function useInvitationGroups(orgId: string | null, enabled: boolean) {
  return useQuery({ ...invitationGroupsQueryOptions(orgId), enabled });
}

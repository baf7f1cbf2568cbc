import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationListQuery, InvitationListResponse } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { refetchWhileSending } from '../../../lib/mail-status.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { invitationsKeys } from './query-keys.ts';

export function getInvitations(query: InvitationListQuery): Promise<InvitationListResponse> {
  return apiClient.get<InvitationListResponse>(`/org/invitation/list?${toQueryString(query)}`);
}

export const invitationsQueryOptions = (query: InvitationListQuery) =>
  queryOptions({
    queryKey: invitationsKeys.list(query),
    queryFn: () => getInvitations(query),
    // Paging and typing in the search box keep the previous rows until the next page arrives.
    placeholderData: keepPreviousData,
    refetchInterval: (current) => refetchWhileSending(current.state.data),
  });

/**
 * One page of invitations (GET /api/org/invitation/list); the server picks whose from the caller:
 * the organization's, the current group's, or every organization's for the app admin.
 */
export function useInvitations(query: InvitationListQuery) {
  return useQuery(invitationsQueryOptions(query));
}

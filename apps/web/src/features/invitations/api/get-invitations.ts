import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationListQuery, InvitationListResponse } from '@resonant/contracts/invitations';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { refetchWhileSending } from '../../../lib/mail-status.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { invitationsKeys } from './query-keys.ts';

function getInvitations(query: InvitationListQuery): Promise<InvitationListResponse> {
  return apiClient.get<InvitationListResponse>(`/org/invitation/list?${toQueryString(query)}`);
}

const invitationsQueryOptions = (query: InvitationListQuery, context: CurrentContext | null) =>
  queryOptions({
    queryKey: invitationsKeys.list(context, query),
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
  const context = useCurrentContext();
  return useQuery({ ...invitationsQueryOptions(query, context), enabled: context !== null });
}

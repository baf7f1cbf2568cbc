import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantsResponse } from '@resonant/contracts/participants';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

function getParticipants(): Promise<ParticipantsResponse> {
  return apiClient.get<ParticipantsResponse>('/group/participants?rmssd=true');
}

/** Root of the participants list's keys: a change to the group's members invalidates it. */
export const PARTICIPANTS_QUERY_KEY = ['group', 'participants'] as const;

function participantsQueryOptions(context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, ...PARTICIPANTS_QUERY_KEY, { rmssd: true }),
    queryFn: getParticipants,
  });
}

/** The users of the current group with the group-admin flag and their mean RMSSD. */
export function useParticipants() {
  const context = useCurrentContext();
  return useQuery({ ...participantsQueryOptions(context), enabled: context !== null });
}

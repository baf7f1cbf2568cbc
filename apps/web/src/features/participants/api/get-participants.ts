import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantsResponse } from '@resonant/contracts/participants';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from './current-context.ts';

export function getParticipants(): Promise<ParticipantsResponse> {
  return apiClient.get<ParticipantsResponse>('/group/participants?rmssd=true');
}

export function participantsQueryOptions(context: CurrentContext | null) {
  return queryOptions({
    queryKey: ['group', 'participants', { rmssd: true }, context],
    queryFn: getParticipants,
  });
}

/** The users of the current group with the group-admin flag and their mean RMSSD. */
export function useParticipants() {
  const context = useCurrentContext();
  return useQuery({ ...participantsQueryOptions(context), enabled: context !== null });
}

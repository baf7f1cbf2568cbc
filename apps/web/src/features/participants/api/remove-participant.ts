import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { RemoveParticipantQuery } from '@resonant/contracts/participants';
import { apiClient } from '../../../lib/api-client.ts';
import { PARTICIPANTS_QUERY_KEY } from './get-participants.ts';

function removeParticipant(query: RemoveParticipantQuery): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(
    `/group/participants?${new URLSearchParams(query).toString()}`,
  );
}

/**
 * Takes a user out of a group (DELETE /api/group/participants); they stay in the organization.
 * The group's list and its analytics (the dashboard's per-user trends) are asked again.
 */
export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeParticipant,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PARTICIPANTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['hrv_analytics'] }),
      ]),
  });
}

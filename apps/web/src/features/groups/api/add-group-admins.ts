import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateGroups } from './invalidate-groups.ts';

function addGroupAdmin(groupId: string, userId: string): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/group/admins', { groupId, userId });
}

/**
 * PUT /api/group/admins once per chosen user (the call takes one), in order; the first failure
 * stops the rest and is toasted, and the list is refreshed either way.
 */
export function useAddGroupAdmins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, userIds }: { groupId: string; userIds: string[] }) => {
      let last: MessageResponse = { message: '' };
      for (const userId of userIds) last = await addGroupAdmin(groupId, userId);
      return last;
    },
    onSuccess: (response) => showSuccess(response.message),
    onSettled: () => invalidateGroups(queryClient),
  });
}

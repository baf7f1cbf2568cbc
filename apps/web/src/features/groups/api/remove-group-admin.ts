import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { RemoveGroupAdminQuery } from '@resonant/contracts/groups';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateGroups } from './invalidate-groups.ts';

function removeGroupAdmin(query: RemoveGroupAdminQuery): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(
    `/group/admins?${new URLSearchParams(query).toString()}`,
  );
}

/** DELETE /api/group/admins?groupId&userId. */
export function useRemoveGroupAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupAdmin,
    onSuccess: async (response) => {
      showSuccess(response.message);
      await invalidateGroups(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateGroups } from './invalidate-groups.ts';

function deleteGroup(groupId: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(
    `/group/profile?${new URLSearchParams({ groupId }).toString()}`,
  );
}

/** DELETE /api/group/profile?groupId. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (response) => {
      showSuccess(response.message);
      // Not awaited: the manage page leaves at once instead of showing the group vanish.
      void invalidateGroups(queryClient);
    },
  });
}

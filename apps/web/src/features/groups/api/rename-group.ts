import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenameGroupBody } from '@resonant/contracts/groups';
import type { MessageResponse } from '@resonant/contracts/errors';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateGroups } from './invalidate-groups.ts';

function renameGroup(body: RenameGroupBody): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/group/profile', body);
}

/** PUT /api/group/profile. */
export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: async (response) => {
      showSuccess(response.message);
      await invalidateGroups(queryClient);
    },
  });
}

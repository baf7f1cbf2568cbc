import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupBody } from '@resonant/contracts/groups';
import type { MessageResponse } from '@resonant/contracts/errors';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateGroups } from './invalidate-groups.ts';

function createGroup(body: CreateGroupBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/group/profile', body);
}

/** POST /api/group/profile; failures toast the server's message (query client). */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: async (response) => {
      showSuccess(response.message);
      await invalidateGroups(queryClient);
    },
  });
}

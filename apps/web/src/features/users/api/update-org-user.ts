import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageWithUser, UpdateOrgUserBody } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateUsers } from './query-keys.ts';

function updateOrgUser(body: UpdateOrgUserBody): Promise<MessageWithUser> {
  return apiClient.put<MessageWithUser>('/org/users', body);
}

/** Saves the Edit User dialog (PUT /api/org/users). */
export function useUpdateOrgUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrgUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageWithUser, OrgUser } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateUsers } from './query-keys.ts';

function removeOrgUser(user: OrgUser): Promise<MessageWithUser> {
  const params = new URLSearchParams({
    userId: user.user_id,
    userType: user.user_highest_role,
    isExternal: String(user.is_external),
  });
  return apiClient.delete<MessageWithUser>(`/org/users?${params.toString()}`);
}

/** Removes a user from the organization (DELETE /api/org/users). */
export function useRemoveOrgUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrgUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}

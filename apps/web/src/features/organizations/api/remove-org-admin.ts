import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { RemoveOrgAdminQuery } from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateOrganizations } from './query-keys.ts';

function removeOrgAdmin(query: RemoveOrgAdminQuery): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(`/org/admin?${new URLSearchParams(query).toString()}`);
}

/** DELETE /api/org/admin?orgId&userId; the server never removes the last admin. */
export function useRemoveOrgAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrgAdmin,
    onSuccess: async (response) => {
      showSuccess(response.message);
      await invalidateOrganizations(queryClient);
    },
  });
}

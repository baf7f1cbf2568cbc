import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateOrganizations, organizationsKeys } from './query-keys.ts';

function deleteOrganization(orgId: string): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(
    `/org/profile?${new URLSearchParams({ orgId }).toString()}`,
  );
}

/** DELETE /api/org/profile?orgId: the organization and everything it owns, never the accounts. */
export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async (response, orgId) => {
      showSuccess(response.message);
      queryClient.removeQueries({ queryKey: organizationsKeys.one(orgId) });
      await invalidateOrganizations(queryClient);
    },
  });
}

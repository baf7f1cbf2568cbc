import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { AddOrgAdminBody } from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { invalidateOrganizations } from './query-keys.ts';

function addOrgAdmin(body: AddOrgAdminBody): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/org/admin', body);
}

/** PUT /api/org/admin {userId, orgId, isExternal}: someone from elsewhere joins as external admin. */
export function useAddOrgAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrgAdmin,
    onSuccess: async (response) => {
      showSuccess(response.message);
      await invalidateOrganizations(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { RenameOrganizationBody } from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { ERRORS_SHOWN_IN_FORM } from '../../../lib/query-client.ts';
import { invalidateOrganizations } from './query-keys.ts';

function renameOrganization(body: RenameOrganizationBody): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/org/profile', body);
}

/** PUT /api/org/profile {orgId, name}; a refusal is shown in the rename form. */
export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganization,
    meta: { [ERRORS_SHOWN_IN_FORM]: true },
    onSuccess: async (response) => {
      showSuccess(response.message);
      await invalidateOrganizations(queryClient);
    },
  });
}

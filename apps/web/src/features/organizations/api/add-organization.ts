import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddOrganizationBody,
  AddOrganizationFields,
  AddOrganizationResponse,
} from '@resonant/contracts/organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { passwordForServer } from '../../../lib/encrypt-password.ts';
import { ERRORS_SHOWN_IN_FORM } from '../../../lib/query-client.ts';
import { invalidateOrganizations } from './query-keys.ts';

function addOrganization(body: AddOrganizationBody): Promise<AddOrganizationResponse> {
  return apiClient.post<AddOrganizationResponse>('/org/profile', body);
}

/**
 * POST /api/org/profile: the organization with its Default group and first admin. The typed
 * password is encrypted with the server's key first; a refusal is shown in the form (SPEC §8).
 */
export function useAddOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: AddOrganizationFields) => {
      const password = await passwordForServer(queryClient, values.password);
      return addOrganization({ ...values, password });
    },
    meta: { [ERRORS_SHOWN_IN_FORM]: true },
    onSuccess: () => invalidateOrganizations(queryClient),
  });
}

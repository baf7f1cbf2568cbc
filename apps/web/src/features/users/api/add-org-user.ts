import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddOrgUserBody,
  AddOrgUserResponse,
  AddUserFields,
} from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { passwordForServer } from '../../../lib/encrypt-password.ts';
import { invalidateUsers } from './query-keys.ts';

function addOrgUser(body: AddOrgUserBody): Promise<AddOrgUserResponse> {
  return apiClient.post<AddOrgUserResponse>('/org/users', body);
}

/** Adds a user; the typed password is encrypted with the server's public key before it is sent. */
export function useAddOrgUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: AddUserFields) => {
      const password = await passwordForServer(queryClient, values.password);
      return addOrgUser({ ...values, password });
    },
    onSuccess: () => invalidateUsers(queryClient),
  });
}

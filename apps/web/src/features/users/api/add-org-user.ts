import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddOrgUserBody,
  AddOrgUserResponse,
  AddUserFields,
} from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { encryptPassword } from '../encrypt-password.ts';
import { publicKeyQueryOptions } from './get-public-key.ts';
import { usersKeys } from './query-keys.ts';

function addOrgUser(body: AddOrgUserBody): Promise<AddOrgUserResponse> {
  return apiClient.post<AddOrgUserResponse>('/org/users', body);
}

/** Adds a user; the typed password is encrypted with the server's public key before it is sent. */
export function useAddOrgUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: AddUserFields) => {
      const { public_key } = await queryClient.fetchQuery(publicKeyQueryOptions);
      let password: string;
      try {
        password = await encryptPassword(public_key, values.password);
      } catch (error) {
        // Shown by the error toast like any server message.
        throw new ApiError(0, { message: error instanceof Error ? error.message : undefined });
      }
      return addOrgUser({ ...values, password });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

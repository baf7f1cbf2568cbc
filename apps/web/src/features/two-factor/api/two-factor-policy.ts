import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorPolicy } from '@resonant/contracts/two-factor';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { twoFactorKeys } from './two-factor-keys.ts';

/** GET /api/org/two-factor-policy: whether the organisation requires it of its admins. */
export function useTwoFactorPolicy() {
  const context = useCurrentContext();
  return useQuery({
    queryKey: twoFactorKeys.policy(context),
    queryFn: () => apiClient.get<TwoFactorPolicy>('/org/two-factor-policy'),
    enabled: context !== null,
  });
}

/** PUT /api/org/two-factor-policy. */
export function useSetTwoFactorPolicy() {
  const context = useCurrentContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPolicy) =>
      apiClient.put<TwoFactorPolicy>('/org/two-factor-policy', body),
    onSuccess: (policy) => queryClient.setQueryData(twoFactorKeys.policy(context), policy),
  });
}

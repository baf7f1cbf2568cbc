import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@resonant/contracts/two-factor';
import { apiClient } from '../../../lib/api-client.ts';
import { twoFactorKeys } from './two-factor-keys.ts';

function getTwoFactor(): Promise<TwoFactorStatus> {
  return apiClient.get<TwoFactorStatus>('/user/two-factor');
}

/** GET /api/user/two-factor: whether the account has a second factor, and its codes left. */
export function useTwoFactor() {
  return useQuery({ queryKey: twoFactorKeys.status, queryFn: getTwoFactor });
}

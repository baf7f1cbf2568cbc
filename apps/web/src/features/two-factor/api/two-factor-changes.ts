import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DisableTwoFactorBody,
  RecoveryCodesResponse,
  TotpCodeBody,
  TwoFactorSetup,
} from '@resonant/contracts/two-factor';
import { apiClient } from '../../../lib/api-client.ts';
import { refetchCurrentUser } from '../../../lib/session.ts';
import { twoFactorKeys } from './two-factor-keys.ts';

/** After any change: the status and the profile's `mfaEnabled` are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
      refetchCurrentUser(),
    ]);
  };
}

/** POST /api/user/two-factor/setup: a new pending secret and its QR code. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiClient.post<TwoFactorSetup>('/user/two-factor/setup'),
  });
}

/** POST /api/user/two-factor/confirm: a current code turns it on; the recovery codes, once. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: TotpCodeBody) =>
      apiClient.post<RecoveryCodesResponse>('/user/two-factor/confirm', body),
    onSuccess: refresh,
  });
}

/** POST /api/user/two-factor/recovery-codes: new codes replace every old one. */
export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: TotpCodeBody) =>
      apiClient.post<RecoveryCodesResponse>('/user/two-factor/recovery-codes', body),
    onSuccess: refresh,
  });
}

/** POST /api/user/two-factor/disable: with a current code or the password. */
export function useDisableTwoFactor() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) =>
      apiClient.post<null>('/user/two-factor/disable', body),
    onSuccess: refresh,
  });
}

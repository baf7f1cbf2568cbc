import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@resonant/contracts/auth';
import type { VerifyTwoFactorBody } from '@resonant/contracts/two-factor';
import { apiClient } from '../../../lib/api-client.ts';

function verifySecondFactor(body: VerifyTwoFactorBody): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/auth/two-factor', body, { anonymous: true });
}

/** POST /api/auth/two-factor: the sign-in's challenge and a code open the session. */
export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}

import type { AuthResponse } from '@resonant/contracts/auth';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * Trades the httpOnly refresh cookie for a fresh bearer token. Null when there is no session to
 * restore (no cookie, or an expired or revoked one): the server answers 204, not an error, since
 * a signed-out visitor is not one.
 */
export async function refreshSession(): Promise<AuthResponse | null> {
  const auth = await apiClient.post<AuthResponse | undefined>('/auth/refresh', undefined, {
    anonymous: true,
  });
  return auth ?? null;
}

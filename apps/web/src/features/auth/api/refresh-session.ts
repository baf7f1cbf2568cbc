import type { AuthResponse } from '@resonant/contracts/auth';
import { apiClient } from '../../../lib/api-client.ts';

/** Trades the httpOnly refresh cookie for a fresh bearer token; 401 when there is no session. */
export function refreshSession(): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/auth/refresh', undefined, { anonymous: true });
}

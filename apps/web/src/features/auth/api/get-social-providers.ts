import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialProvidersResponse } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './query-keys.ts';

function getSocialProviders(): Promise<SocialProvidersResponse> {
  return apiClient.get<SocialProvidersResponse>('/auth/oidc/providers', { anonymous: true });
}

/** The configured providers (GET /api/auth/oidc/providers): one button each on the auth screen. */
export const socialProvidersQueryOptions = queryOptions({
  queryKey: authKeys.providers,
  queryFn: getSocialProviders,
  // Read from the server's configuration at its start: they do not change while a page is open.
  staleTime: Infinity,
});

/** The configured providers, prefetched when the app starts (see main.tsx). */
export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions);
}

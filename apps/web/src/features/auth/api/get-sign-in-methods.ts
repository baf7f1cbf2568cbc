import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMethodsResponse } from '@resonant/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './query-keys.ts';

function getSignInMethods(): Promise<SignInMethodsResponse> {
  return apiClient.get<SignInMethodsResponse>('/user/sign-in-methods');
}

const signInMethodsQueryOptions = queryOptions({
  queryKey: authKeys.signInMethods,
  queryFn: getSignInMethods,
});

/** The signed-in person's password and linked providers (GET /api/user/sign-in-methods). */
export function useSignInMethods({ enabled }: { enabled: boolean }) {
  return useQuery({ ...signInMethodsQueryOptions, enabled });
}

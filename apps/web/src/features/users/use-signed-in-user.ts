import { skipToken, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@resonant/contracts/profile';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session.ts';

/**
 * The signed-in user as the session keeps it in the query cache. Only observed, never fetched:
 * the area layout has it loaded before any page of the area renders.
 */
export function useSignedInUser(): UserProfile | undefined {
  return useQuery<UserProfile>({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: skipToken }).data;
}

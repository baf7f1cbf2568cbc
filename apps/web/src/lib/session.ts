import { useSyncExternalStore } from 'react';
import type { AuthResponse } from '@resonant/contracts/auth';
import type { UserProfile } from '@resonant/contracts/profile';
import { queryClient } from './query-client.ts';

/**
 * The bearer token lives only here, in memory (DESIGN §1): never in web storage, so a script
 * injected into the page cannot lift it. A reload restores it through the refresh cookie.
 */
export type Session =
  | { status: 'restoring' }
  /**
   * `ended`: the user had a session in this page and lost it (sign-out or 401). `returnTo`: the
   * page a deliberate sign-out asked to come back to after the next sign-in.
   */
  | { status: 'signed-out'; ended: boolean; returnTo?: string }
  | { status: 'signed-in'; token: string; expiresAt: string };

/** Query key of the signed-in user (GET /api/user/profile); the session seeds it. */
export const CURRENT_USER_QUERY_KEY = ['profile'] as const;

let session: Session = { status: 'restoring' };
const listeners = new Set<() => void>();

function setSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return session;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** Starts a session from a sign-in, sign-up or refresh answer. */
export function startSession(auth: AuthResponse): void {
  // The user goes into the cache first so guards never see a session without a user.
  setCurrentUser(auth.user);
  setSession({ status: 'signed-in', token: auth.token, expiresAt: auth.expiresAt });
}

/** Ends the session of this page and forgets every cached answer that belonged to it. */
export function endSession(returnTo?: string): void {
  setSession(
    returnTo
      ? { status: 'signed-out', ended: true, returnTo }
      : { status: 'signed-out', ended: true },
  );
  queryClient.clear();
}

/** No session could be restored on load: an ordinary signed-out visitor. */
export function markSignedOut(): void {
  setSession({ status: 'signed-out', ended: false });
}

export function setCurrentUser(user: UserProfile): void {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
}

export function refetchCurrentUser(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
}

import { refreshSession } from '../features/auth/api/refresh-session.ts';
import { setSessionRenewer } from '../lib/api-client.ts';
import { getSession, markSignedOut, startSession, subscribeSession } from '../lib/session.ts';

// Renew a minute before the token expires, so no call ever goes out with a stale token.
const RENEW_MARGIN_MS = 60_000;
const MIN_DELAY_MS = 5_000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

let renewTimer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<boolean> | null = null;

/**
 * Replaces `token` with a fresh one from the refresh cookie. Concurrent callers share one refresh:
 * the cookie rotates on use, so a second refresh at the same time would be refused.
 */
function renew(token: string): Promise<boolean> {
  const current = getSession();
  if (current.status !== 'signed-in') return Promise.resolve(false);
  if (current.token !== token) return Promise.resolve(true);
  renewing ??= refreshSession()
    .then((auth) => {
      const latest = getSession();
      if (!auth || latest.status !== 'signed-in' || latest.token !== token) return false;
      startSession(auth);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

function scheduleRenewal(): void {
  clearTimeout(renewTimer);
  const session = getSession();
  if (session.status !== 'signed-in') return;
  const due = new Date(session.expiresAt).getTime() - Date.now() - RENEW_MARGIN_MS;
  const delay = Math.min(
    Math.max(Number.isNaN(due) ? MIN_DELAY_MS : due, MIN_DELAY_MS),
    MAX_TIMEOUT_MS,
  );
  renewTimer = setTimeout(() => void renew(session.token), delay);
}

/**
 * Restores the session from the refresh cookie and keeps it renewed. Called once, before the
 * first render: the cookie rotates on use, so two concurrent restores would sign the user out.
 */
export async function startSessionLifecycle(): Promise<void> {
  setSessionRenewer(renew);
  subscribeSession(scheduleRenewal);
  // No session to restore (or no answer at all) leaves an ordinary signed-out visitor: no message.
  const auth = await refreshSession().catch(() => null);
  if (auth) startSession(auth);
  else markSignedOut();
}

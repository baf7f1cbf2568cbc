import type { AppDeps } from '../app-deps.ts';
import { generateToken, hashToken } from '../lib/crypto.ts';
import type { ClientInfo } from './client-info.ts';
import { loadUserProfile } from './current-user.queries.ts';
import { loadSignedInCaller } from './memberships.queries.ts';
import { joinCreatingOrganisation } from './org-invitations.ts';
import { insertSession, markSignedIn, revokeSession, rotateSession } from './sessions.queries.ts';

/** What a successful sign-in, sign-up or refresh hands back: the body and the refresh cookie. */
export type IssuedSession = {
  body: { token: string; expiresAt: string; user: Awaited<ReturnType<typeof loadUserProfile>> };
  refreshToken: string;
  refreshExpiresAt: Date;
};

function newTokens(deps: AppDeps) {
  const now = deps.clock().getTime();
  const token = generateToken();
  const refreshToken = generateToken();
  const expiresAt = new Date(now + deps.config.SESSION_TTL_MINUTES * 60_000);
  const refreshExpiresAt = new Date(now + deps.config.REFRESH_TTL_DAYS * 86_400_000);
  return {
    token,
    refreshToken,
    stored: {
      tokenHash: hashToken(token),
      refreshHash: hashToken(refreshToken),
      expiresAt,
      refreshExpiresAt,
    },
  };
}

async function issued(
  deps: AppDeps,
  accountId: string,
  tokens: ReturnType<typeof newTokens>,
): Promise<IssuedSession> {
  // The new session's caller, read the way every later request reads it.
  const caller = await loadSignedInCaller(
    deps.db,
    tokens.stored.tokenHash,
    deps.clock(),
    deps.config.APP_ADMIN_EMAIL,
  );
  if (!caller) throw new Error(`The session just opened for account ${accountId} is not live`);
  const user = await loadUserProfile(deps.db, accountId, caller.context);
  return {
    body: { token: tokens.token, expiresAt: tokens.stored.expiresAt.toISOString(), user },
    refreshToken: tokens.refreshToken,
    refreshExpiresAt: tokens.stored.refreshExpiresAt,
  };
}

/** Opens a session for an account: every way of signing in ends here, so all get the same tokens. */
export async function startSession(
  deps: AppDeps,
  accountId: string,
  client: ClientInfo,
): Promise<IssuedSession> {
  const tokens = newTokens(deps);
  await insertSession(deps.db, accountId, tokens.stored, client);
  await joinCreatingOrganisation(deps, accountId, client.ip);
  await markSignedIn(deps.db, accountId, deps.clock());
  return issued(deps, accountId, tokens);
}

/**
 * Exchanges a live refresh token for a fresh pair (rotation), restoring the session after a reload;
 * null when there is no live session to restore (no token, or a spent, revoked or expired one).
 */
export async function refreshSession(
  deps: AppDeps,
  refreshToken: string | undefined,
): Promise<IssuedSession | null> {
  if (!refreshToken) return null;
  const tokens = newTokens(deps);
  const session = await rotateSession(
    deps.db,
    hashToken(refreshToken),
    tokens.stored,
    deps.clock(),
  );
  if (!session) return null;
  return issued(deps, session.accountId, tokens);
}

/** Revokes the session: its bearer token and refresh cookie stop working at once. */
export async function endSession(deps: AppDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock());
}

import type { AppDeps } from '../app-deps.ts';
import { generateToken, hashToken } from '../lib/crypto.ts';
import { audit } from './audit.ts';
import type { ClientInfo } from './client-info.ts';
import { loadUserProfile } from './current-user.queries.ts';
import { loadSignedInCaller } from './memberships.queries.ts';
import { joinCreatingOrganisation } from './org-invitations.ts';
import {
  findSpentRefreshToken,
  insertSession,
  markSignedIn,
  revokeSession,
  rotateSession,
} from './sessions.queries.ts';

/** What a successful sign-in, sign-up or refresh hands back: the body and the refresh cookie. */
export type IssuedSession = {
  body: { token: string; expiresAt: string; user: Awaited<ReturnType<typeof loadUserProfile>> };
  refreshToken: string;
  refreshExpiresAt: Date;
};

/**
 * Two tabs of one browser may send the same refresh cookie at the same moment; the one that loses
 * the race presents a token spent a moment ago. Within this window that is not taken for a copied
 * token: it is answered as "no session to restore" (the winner's cookie is already in the jar).
 * Past it, a spent token ends the whole session.
 */
export const REFRESH_REPLAY_GRACE_MS = 10_000;

/** A fresh token pair; its expiries never past `absoluteEnd` (a refresh caps them in SQL). */
function newTokens(deps: AppDeps, absoluteEnd: Date | null) {
  const now = deps.clock().getTime();
  const token = generateToken();
  const refreshToken = generateToken();
  const capped = (ms: number) =>
    new Date(Math.min(now + ms, absoluteEnd?.getTime() ?? Number.POSITIVE_INFINITY));
  return {
    token,
    refreshToken,
    stored: {
      tokenHash: hashToken(token),
      refreshHash: hashToken(refreshToken),
      expiresAt: capped(deps.config.SESSION_TTL_MINUTES * 60_000),
      refreshExpiresAt: capped(deps.config.REFRESH_TTL_DAYS * 86_400_000),
    },
  };
}

async function issued(
  deps: AppDeps,
  accountId: string,
  tokens: ReturnType<typeof newTokens>,
): Promise<IssuedSession> {
  // The new session's caller, read the way every later request reads it.
  const caller = await loadSignedInCaller(deps.db, tokens.stored.tokenHash, deps.clock());
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
  const now = deps.clock();
  const absoluteExpiresAt = new Date(
    now.getTime() + deps.config.SESSION_ABSOLUTE_DAYS * 86_400_000,
  );
  const tokens = newTokens(deps, absoluteExpiresAt);
  await insertSession(
    deps.db,
    accountId,
    { ...tokens.stored, absoluteExpiresAt, lastSeenAt: now },
    client,
  );
  await joinCreatingOrganisation(deps, accountId, client.ip);
  await markSignedIn(deps.db, accountId, now);
  return issued(deps, accountId, tokens);
}

/**
 * A refresh token that was already exchanged: a copy is being used (or a second tab lost a race,
 * within REFRESH_REPLAY_GRACE_MS). Out of the grace window the whole session (the token family)
 * ends and the replay is audited.
 */
async function answerSpentToken(
  deps: AppDeps,
  refreshHash: string,
  client: ClientInfo,
): Promise<'lost-race' | null> {
  const spent = await findSpentRefreshToken(deps.db, refreshHash);
  if (!spent || spent.revokedAt) return null;
  const now = deps.clock();
  if (now.getTime() - spent.spentAt.getTime() < REFRESH_REPLAY_GRACE_MS) return 'lost-race';
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, spent.sessionId, now);
    await audit(
      tx,
      { orgId: null, accountId: spent.accountId, ip: client.ip },
      'account.session-replay',
      spent.accountId,
      { sessionId: spent.sessionId },
    );
  });
  return null;
}

/**
 * Exchanges a live refresh token for a fresh pair (rotation), restoring the session after a reload;
 * null when there is no live session to restore (no token, or a spent, revoked or expired one),
 * 'lost-race' for a token another tab exchanged a moment ago (its cookie must be left alone).
 * Neither new expiry passes the session's absolute end; a spent token ends its session.
 */
export async function refreshSession(
  deps: AppDeps,
  refreshToken: string | undefined,
  client: ClientInfo,
): Promise<IssuedSession | 'lost-race' | null> {
  if (!refreshToken) return null;
  const refreshHash = hashToken(refreshToken);
  const tokens = newTokens(deps, null);
  const session = await rotateSession(deps.db, refreshHash, tokens.stored, deps.clock());
  if (!session) return answerSpentToken(deps, refreshHash, client);
  tokens.stored.expiresAt = session.expiresAt;
  tokens.stored.refreshExpiresAt = session.refreshExpiresAt;
  return issued(deps, session.accountId, tokens);
}

/** Revokes the session: its bearer token and refresh cookie stop working at once. */
export async function endSession(deps: AppDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock());
}

import Bowser from 'bowser';
import {
  SESSION_NOT_FOUND_MESSAGE,
  type AccountSession,
  type AccountSessionsResponse,
} from '@resonant/contracts/account-sessions';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { revokeAccountSessions } from '../../kernel/sessions.queries.ts';
import { notFound } from '../../lib/http-error.ts';
import { listLiveSessions, revokeOwnSession } from './account-sessions.queries.ts';

type SessionRow = Awaited<ReturnType<typeof listLiveSessions>>[number];

/**
 * "Firefox 128.0" and "Windows 10" from a user agent (a system's marketing name where bowser knows
 * one, else its version); null for what it does not name.
 */
function device(userAgent: string | null): Pick<AccountSession, 'browser' | 'os'> {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, version?.split('.').slice(0, 2).join('.')].filter(Boolean).join(' ') : null;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

function presentSession(row: SessionRow, currentId: string): AccountSession {
  return {
    id: row.id,
    ...device(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.id === currentId,
  };
}

/** The caller's signed-in devices, the current one marked. */
export async function listAccountSessions(
  deps: AppDeps,
  scope: TenantScope,
): Promise<AccountSessionsResponse> {
  const rows = await listLiveSessions(deps.db, scope.accountId, deps.clock());
  return { sessions: rows.map((row) => presentSession(row, scope.sessionId)) };
}

const accountActor = (scope: TenantScope) => ({
  orgId: null,
  accountId: scope.accountId,
  ip: scope.ip,
});

/** Signs one of the caller's own sessions out; 404 for any other id (another person's too). */
export async function revokeAccountSession(
  deps: AppDeps,
  scope: TenantScope,
  sessionId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await revokeOwnSession(tx, scope.accountId, sessionId, deps.clock()))) {
      throw notFound(SESSION_NOT_FOUND_MESSAGE);
    }
    await audit(tx, accountActor(scope), 'account.session-revoke', scope.accountId, {
      sessionId,
    });
  });
}

/** Sign out everywhere: every session of the caller's account ends, this one included. */
export async function revokeAllAccountSessions(deps: AppDeps, scope: TenantScope): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ended = await revokeAccountSessions(tx, scope.accountId, deps.clock());
    await audit(tx, accountActor(scope), 'account.sessions-revoke-all', scope.accountId, {
      sessionsEnded: ended,
    });
  });
}

import {
  DELETED_ACTOR_NAME,
  type AccessLogEntry,
  type AccessLogResponse,
} from '@resonant/contracts/access-log';
import { ROLE_LABELS, ROLES, type Role } from '@resonant/contracts/roles';
import type { AppDeps } from '../../app-deps.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { selectAccessPage, type AccessRow } from './access-log.queries.ts';

/** A detail of the audit row as text, or undefined when absent or not text. */
function detail(details: Record<string, unknown> | null, key: string): string | undefined {
  const value = details?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** "exercise sessions", "sessions": the session type as the reports named it, in words. */
function sessionsOf(type: string | undefined): string {
  return type ? `${type.replaceAll('_', ' ')} sessions` : 'sessions';
}

/** What the reader did, from the action and the report the details name. */
function accessWords(action: string, details: Record<string, unknown> | null): string {
  const report = detail(details, 'report');
  const type = detail(details, 'type');
  if (action === 'health-data.export') {
    const format = detail(details, 'format')?.toUpperCase() ?? 'a file';
    if (report === 'readings') return `downloaded your readings as ${format}`;
    if (report === 'sessions') return `downloaded your ${sessionsOf(type)} as ${format}`;
    return 'downloaded your data';
  }
  if (report === 'readings') return 'opened your readings';
  if (report === 'sessions') return `opened your ${sessionsOf(type)}`;
  if (report === 'session-figures') return `opened the figures of your ${sessionsOf(type)}`;
  if (report === 'raw-optimal-zone')
    return 'opened the raw optimal-zone data of one of your sessions';
  return 'opened your data';
}

function roleLabel(details: Record<string, unknown> | null): string | null {
  const role = detail(details, 'role');
  return role && (ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as Role] : null;
}

function who(row: AccessRow): string {
  if (row.actorAccountId === null || row.actorPseudonym !== null) return DELETED_ACTOR_NAME;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return name || DELETED_ACTOR_NAME;
}

function present(row: AccessRow): AccessLogEntry {
  return {
    id: row.id,
    who: who(row),
    role: roleLabel(row.details),
    organisation: row.orgName,
    what: accessWords(row.action, row.details),
    at: row.createdAt.toISOString(),
  };
}

/** A page of who read or exported the caller's health data, newest first (GET /api/v1/access-log). */
export async function listAccessLog(
  deps: AppDeps,
  scope: TenantScope,
  query: { cursor?: string; limit: number },
): Promise<AccessLogResponse> {
  const rows = await selectAccessPage(deps.db, scope.accountId, {
    cursor: query.cursor ?? null,
    limit: query.limit,
  });
  const entries = rows.slice(0, query.limit).map(present);
  const more = rows.length > query.limit;
  return { entries, nextCursor: more ? (entries.at(-1)?.id ?? null) : null };
}

import { BAD_CURSOR_MESSAGE } from '@resonant/contracts/cursor-paging';
import type {
  MySession,
  MySessionsParams,
  MySessionsResponse,
  MySessionSummary,
  UpdateMySessionBody,
} from '@resonant/contracts/my-sessions';
import { SESSION_NOT_FOUND_MESSAGE } from '@resonant/contracts/reports';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import { domains, minuteResultsBySession, presentOzSamples } from '../../kernel/hrv-domains.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { forgetMemberActivity } from '../../lib/member-activity-removal.queries.ts';
import { resolveOfferedTags, type PresentedTag } from '../../lib/offered-tags.ts';
import {
  deleteMySession,
  findMySession,
  mySessionMinutes,
  mySessionsPage,
  mySessionTags,
  replaceSessionTags,
  tagKnownToAccount,
  updateMySessionNote,
  type SessionCursor,
} from './my-sessions.queries.ts';

type Deps = Pick<AppDeps, 'db'>;
type Caller = Pick<TenantScope, 'accountId' | 'orgId' | 'ip'>;

// What a cursor holds once decoded: a UTC instant to the microsecond and an id. Fixed widths, so
// checking it cannot backtrack.
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encodeCursor = (cursor: SessionCursor) =>
  Buffer.from(`${cursor.startedAt}|${cursor.id}`).toString('base64url');

function decodeCursor(cursor: string): SessionCursor {
  const [startedAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (rest.length > 0 || !CURSOR_AT.test(startedAt) || !UUID.test(id)) {
    throw badRequest(BAD_CURSOR_MESSAGE);
  }
  return { startedAt, id };
}

type SummaryRow = NonNullable<Awaited<ReturnType<typeof findMySession>>>;
type ListRow = Awaited<ReturnType<typeof mySessionsPage>>[number];

function presentSummary(row: ListRow | SummaryRow, tags: PresentedTag[]): MySessionSummary {
  return {
    sessionId: row.id,
    type: row.kind,
    dateTime: row.startedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sessionName: row.name,
    quality: row.quality,
    note: row.note,
    breathsPerMinute: finiteOrNull(row.breathsPerMinute),
    sessionMinutes: finiteOrNull(row.sessionMinutes),
    ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(row.optimalZoneSessionAverage),
    rmssd: finiteOrNull(row.rmssd),
    sdnn: finiteOrNull(row.sdnn),
    has_oz_data: row.hasOzData,
    tags,
  };
}

/** The caller's own sessions, newest first, a page after the cursor (by account, never by org). */
export async function listMySessions(
  { db }: Deps,
  scope: Caller,
  query: MySessionsParams,
): Promise<MySessionsResponse> {
  if (query.tag !== undefined && !(await tagKnownToAccount(db, scope.accountId, query.tag))) {
    throw badRequest(`Unknown tag: ${query.tag}`);
  }
  const rows = await mySessionsPage(
    db,
    scope.accountId,
    {
      kind: query.kind,
      tagId: query.tag,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
    },
    {
      // One more than the page tells whether another page follows.
      limit: query.limit + 1,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    },
  );
  const page = rows.slice(0, query.limit);
  const tagsBySession = await mySessionTags(
    db,
    scope.accountId,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    list: page.map((row) => presentSummary(row, tagsBySession.get(row.id) ?? [])),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ startedAt: last.cursorAt, id: last.id })
        : null,
  };
}

/** One of the caller's sessions with its minutes and optimal-zone samples; the RR when asked. */
export async function getMySession(
  { db }: Deps,
  scope: Caller,
  sessionId: string,
  withRr: boolean,
): Promise<MySession> {
  const row = await findMySession(db, scope.accountId, sessionId, withRr);
  if (!row) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const minutes = await mySessionMinutes(db, scope.accountId, sessionId);
  const tagsBySession = await mySessionTags(db, scope.accountId, [sessionId]);
  return {
    ...presentSummary(row, tagsBySession.get(sessionId) ?? []),
    averages: domains(row.metrics),
    breathTime: row.breathTime,
    results: minuteResultsBySession(minutes).get(sessionId) ?? [],
    optimalZone: presentOzSamples(row.samples),
    ...(withRr && row.rr ? { rr: row.rr } : {}),
  };
}

/**
 * Changes the tags (offered to the session's organisation) and note of one of the caller's
 * sessions, audited in the same transaction.
 */
export async function updateMySession(
  deps: Deps,
  scope: Caller,
  sessionId: string,
  body: UpdateMySessionBody,
): Promise<MySession> {
  await deps.db.transaction(async (tx) => {
    const session = await findMySession(tx, scope.accountId, sessionId, false);
    if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
    if (body.tags !== undefined) {
      const tags = await resolveOfferedTags(tx, { orgId: session.orgId }, body.tags);
      await replaceSessionTags(
        tx,
        session,
        tags.map((tag) => tag.id),
      );
    }
    if (body.note !== undefined) {
      await updateMySessionNote(tx, scope.accountId, sessionId, body.note || null);
    }
    await audit(tx, actorOf(scope), 'hrv-session.update', sessionId, {
      fields: [
        ...(body.tags !== undefined ? ['tags'] : []),
        ...(body.note !== undefined ? ['note'] : []),
      ],
    });
  });
  return getMySession(deps, scope, sessionId, false);
}

/**
 * Deletes one of the caller's sessions with its minutes and tags, and takes it out of its
 * organisation's activity figures, audited, in one transaction.
 */
export async function deleteMySessionOf({ db }: Deps, scope: Caller, sessionId: string) {
  await db.transaction(async (tx) => {
    const session = await deleteMySession(tx, scope.accountId, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
    await forgetMemberActivity(tx, {
      orgId: session.orgId,
      accountId: scope.accountId,
      at: session.startedAt,
      type: session.kind,
    });
    await audit(tx, actorOf(scope), 'hrv-session.delete', sessionId, {
      type: session.kind,
      startedAt: session.startedAt.toISOString(),
    });
  });
}

/** The audit actor: the caller, filed under their current organisation when they act in one. */
const actorOf = (scope: Caller) => ({
  orgId: scope.orgId,
  accountId: scope.accountId,
  ip: scope.ip,
});

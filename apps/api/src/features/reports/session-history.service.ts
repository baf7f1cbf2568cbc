import {
  SESSION_NOT_FOUND_MESSAGE,
  STORED_SESSION_TYPE,
  type HistorySession,
  type RawDataResponse,
  type SelectedHistoryParams,
  type SelectedHistoryResponse,
  type SessionMinuteResult,
  type SessionsAllTimeParams,
  type SessionsAllTimeResponse,
} from '@resonant/contracts/reports';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { AppDeps } from '../../app-deps.ts';
import { domains, minuteResultsBySession, presentOzSamples } from '../../kernel/hrv-domains.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PresentedTag } from '../../lib/offered-tags.ts';
import {
  findSessionSamples,
  sessionHistoryPage,
  sessionMinutesOf,
  sessionRows,
  sessionsSummary,
  sessionTagsOf,
  type SessionFilter,
} from './session-history.queries.ts';
import { auditHealthData } from './health-data-audit.ts';
import { memberInReach, offeredTagIds, toBound } from './reports.service.ts';

type Deps = Pick<AppDeps, 'db'>;

/** The session filter of a history query. */
export function sessionFilter(
  type: keyof typeof STORED_SESSION_TYPE,
  range: { from?: string | undefined; to?: string | undefined },
  tagIds: readonly string[],
): SessionFilter {
  return {
    kind: STORED_SESSION_TYPE[type],
    from: toBound(range.from),
    to: toBound(range.to),
    tagIds,
  };
}

/** A stored session row as the history list reads it. */
type SessionRow = Awaited<ReturnType<typeof sessionHistoryPage>>[number];

/** SPEC §3 Session as the history tabs read it, with its minutes and tags. */
function presentSession(
  row: SessionRow,
  results: SessionMinuteResult[],
  tags: PresentedTag[],
): HistorySession {
  const m = row.metrics;
  return {
    sessionId: row.id,
    userId: row.accountId,
    type: row.kind,
    dateTime: row.startedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sessionName: row.name,
    quality: row.quality,
    breathsPerMinute: finiteOrNull(row.breathsPerMinute),
    sessionMinutes: finiteOrNull(row.sessionMinutes),
    ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(row.optimalZoneSessionAverage),
    rmssd: finiteOrNull(m.rmssd),
    lf: finiteOrNull(m.lf),
    hf: finiteOrNull(m.hf),
    vlf: finiteOrNull(m.vlf),
    minMax: finiteOrNull(m.minMax),
    sdnn: finiteOrNull(m.sdnn),
    has_oz_data: row.hasOzData,
    exercises: [{ name: row.name, tags }],
    averages: domains(m),
    breathTime: row.breathTime,
    results,
    tags,
  };
}

/**
 * One member's sessions of a type (SPEC §7 GET /selected-history), newest first, a page at a
 * time, each with its per-minute results and tags (one statement each for the page).
 */
export async function selectedHistory(
  { db }: Deps,
  scope: TenantScope,
  query: SelectedHistoryParams,
): Promise<SelectedHistoryResponse> {
  const { reach, member } = await memberInReach(db, scope, query.user_id);
  const filter = sessionFilter(query.type, query, await offeredTagIds(db, reach, query.tag_ids));
  await auditHealthData(db, scope, 'health-data.read', [query.user_id], {
    report: 'sessions',
    type: query.type,
    from: query.from,
    to: query.to,
  });
  const summary = await sessionsSummary(db, reach, query.user_id, filter);
  const rows =
    summary.sessionsCount === 0
      ? []
      : await sessionHistoryPage(db, reach, query.user_id, filter, {
          limit: query.limit,
          offset: query.offset,
        });
  const ids = rows.map((row) => row.id);
  const minutes = await sessionMinutesOf(db, reach, ids);
  const tagsBySession = await sessionTagsOf(db, reach, ids);
  const resultsBySession = minuteResultsBySession(minutes);
  return {
    user: { first_name: member.firstName, last_name: member.lastName },
    allTimeOzPercentage: finiteOrNull(summary.allTimeOzPercentage),
    list: rows.map((row) =>
      presentSession(row, resultsBySession.get(row.id) ?? [], tagsBySession.get(row.id) ?? []),
    ),
    noOfRows: summary.sessionsCount,
  };
}

/**
 * One member's sessions of a type over a range (SPEC §7 GET /hrv_analytics/biofeedback/all-time):
 * every session as a chart point, oldest first, and the range's figures.
 */
export async function sessionsAllTime(
  { db }: Deps,
  scope: TenantScope,
  query: SessionsAllTimeParams,
): Promise<SessionsAllTimeResponse> {
  const { reach, member } = await memberInReach(db, scope, query.userId);
  const filter = sessionFilter(
    query.sessionType,
    query,
    await offeredTagIds(db, reach, query.tag_ids),
  );
  await auditHealthData(db, scope, 'health-data.read', [query.userId], {
    report: 'session-figures',
    type: query.sessionType,
    from: query.from,
    to: query.to,
  });
  const summary = await sessionsSummary(db, reach, query.userId, filter);
  const rows =
    summary.sessionsCount === 0
      ? []
      : await sessionRows(db, reach, query.userId, filter, { limit: summary.sessionsCount });
  const tagsBySession = await sessionTagsOf(
    db,
    reach,
    rows.map((row) => row.id),
  );
  return {
    user: { first_name: member.firstName, last_name: member.lastName },
    sessionsCount: summary.sessionsCount,
    totalMinutes: finiteOrNull(summary.totalMinutes) ?? 0,
    ozPercentage: finiteOrNull(summary.ozPercentage),
    allTimeOzPercentage: finiteOrNull(summary.allTimeOzPercentage),
    averages: {
      rmssd: finiteOrNull(summary.rmssd),
      sdnn: finiteOrNull(summary.sdnn),
      minMax: finiteOrNull(summary.minMax),
      lf: finiteOrNull(summary.lf),
      hf: finiteOrNull(summary.hf),
      vlf: finiteOrNull(summary.vlf),
    },
    sessions: rows.map((row) => ({
      sessionId: row.id,
      dateTime: row.startedAt.toISOString(),
      sessionName: row.name,
      quality: row.quality,
      rmssd: finiteOrNull(row.metrics.rmssd),
      sdnn: finiteOrNull(row.metrics.sdnn),
      minMax: finiteOrNull(row.metrics.minMax),
      lf: finiteOrNull(row.metrics.lf),
      hf: finiteOrNull(row.metrics.hf),
      vlf: finiteOrNull(row.metrics.vlf),
      ozSesAvgPercentage: finiteOrNull(row.ozSesAvgPercentage),
      tags: tagsBySession.get(row.id) ?? [],
    })),
  };
}

/**
 * A session's raw optimal-zone samples (SPEC §7 GET /raw-data/{sessionId}); empty when the app
 * recorded none. 404 when the member is outside the reach or the session is not theirs.
 */
export async function rawSessionData(
  { db }: Deps,
  scope: TenantScope,
  sessionId: string,
  userId: string,
): Promise<RawDataResponse> {
  const { reach } = await memberInReach(db, scope, userId);
  const session = await findSessionSamples(db, reach, userId, sessionId);
  if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  await auditHealthData(db, scope, 'health-data.read', [userId], {
    report: 'raw-optimal-zone',
    sessionId,
  });
  return {
    list: [{ sessionId: session.id, type: session.kind, ...presentOzSamples(session.samples) }],
  };
}

import type { HrvSession } from '@resonant/contracts/sessions';
import type { AnalysedSession } from '../../lib/session-analysis.ts';
import type { IngestionKind } from './ingest-batch.ts';
import {
  findSessionsByClientIds,
  insertSessionMinutes,
  insertSessions,
  insertSessionTags,
  type StoredSession,
} from './sessions.queries.ts';

/**
 * Breathing sessions as ingestion stores them: the raw series and optimal-zone samples, then their
 * per-minute results and tags. Sessions do not touch the readings' daily rollups.
 */
export const sessionsKind: IngestionKind<AnalysedSession, StoredSession, HrvSession> = {
  analyse: (hrv, entries, now) => hrv.sessions(entries, now),
  insert: insertSessions,
  async insertDetails(db, scope, fresh, rowsPerStatement) {
    await insertSessionMinutes(
      db,
      scope,
      fresh.flatMap((session) =>
        session.results.map((minute) => ({ ...minute, sessionId: session.id })),
      ),
      rowsPerStatement,
    );
    await insertSessionTags(
      db,
      scope,
      fresh.flatMap((session) =>
        session.tags.map((tag) => ({ sessionId: session.id, tagId: tag.id })),
      ),
      rowsPerStatement,
    );
  },
  activity: (session) => ({ at: session.startedAt, type: session.type }),
  findByClientIds: findSessionsByClientIds,
  present: presentSession,
};

/** The API's view of a stored session (dates as ISO strings); the response schema does the rest. */
function presentSession(session: StoredSession): HrvSession {
  return {
    id: session.id,
    clientId: session.clientId,
    type: session.type,
    startedAt: session.startedAt.toISOString(),
    sessionName: session.sessionName,
    breathsPerMinute: session.breathsPerMinute,
    sessionMinutes: session.sessionMinutes,
    breathTime: session.breathTime,
    quality: session.quality,
    ozSesAvgPercentage: session.ozSesAvgPercentage,
    optimalZoneSessionAverage: session.optimalZoneSessionAverage,
    averages: session.averages,
    results: session.results,
    tags: session.tags,
    createdAt: session.createdAt.toISOString(),
  };
}

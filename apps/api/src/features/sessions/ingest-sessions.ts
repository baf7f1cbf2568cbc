import type { HrvSession } from '@resonant/contracts/sessions';
import type { OrgScope } from '../../kernel/scope.ts';
import {
  batchOutcomes,
  betweenStatements,
  checkedSeries,
  onlyOutcome,
  planBatch,
  presentEach,
  type BatchOutcome,
  type IngestDeps,
} from '../../lib/ingest-batch.ts';
import { recordMemberActivity } from '../../lib/member-activity.ts';
import { findOfferedTags } from '../../lib/offered-tags.ts';
import {
  findSessionsByClientIds,
  insertSessionMinutes,
  insertSessions,
  insertSessionTags,
  type StoredSession,
} from './sessions.queries.ts';

/**
 * Stores breathing sessions of the scope's member: the one ingestion path of sessions (the batch
 * route, the single route as a batch of one, the demo data). Each entry is checked on its own as
 * POST /api/v1/sessions checks its body, and its per-minute results, averages and optimal-zone
 * figures computed, by `hrv` (the worker threads in the app); then one transaction stores the new
 * sessions (raw series and optimal-zone samples), their minutes and tags, and the member's
 * activity, one statement per table (on PGlite, statements of `rowsPerStatement` rows). A refused
 * entry stores nothing and is answered `failed` with the message its single post would get; a
 * clientId already used (before, or by an earlier entry) is answered `duplicate` with the first
 * result. Sessions do not touch the readings' daily rollups. Should the database refuse the
 * write, the transaction stores none of the batch.
 */
export async function ingestSessions(
  { db, hrv, rowsPerStatement }: IngestDeps,
  scope: OrgScope,
  entries: readonly unknown[],
  now: Date,
): Promise<BatchOutcome<HrvSession>[]> {
  const checked = await hrv.sessions(entries, now);
  const requestedTags = checked.flatMap((entry) => (entry.ok ? entry.recording.tagIds : []));
  const plan = planBatch(checked, await findOfferedTags(db, scope, requestedTags));

  const { created, storedBefore } = await db.transaction(async (tx) => {
    const inserted = await insertSessions(
      tx,
      scope,
      plan.toStore.map((session) => ({ ...session, rr: checkedSeries(entries[session.index]) })),
      rowsPerStatement,
    );
    const stored = new Map<string, StoredSession>();
    for (const session of plan.toStore) {
      const row = inserted.get(session.clientId);
      if (row) stored.set(session.clientId, { ...session, ...row });
    }
    const fresh = [...stored.values()];
    await betweenStatements();
    await insertSessionMinutes(
      tx,
      scope,
      fresh.flatMap((session) =>
        session.results.map((minute) => ({ ...minute, sessionId: session.id })),
      ),
      rowsPerStatement,
    );
    await betweenStatements();
    await insertSessionTags(
      tx,
      scope,
      fresh.flatMap((session) =>
        session.tags.map((tag) => ({ sessionId: session.id, tagId: tag.id })),
      ),
      rowsPerStatement,
    );
    await betweenStatements();
    await recordMemberActivity(
      tx,
      scope,
      fresh.map((session) => ({ at: session.startedAt, type: session.type })),
    );
    await betweenStatements();
    // Stored before (a retry, or another request that got there first): their first results.
    const repeated = plan.toStore.filter((session) => !stored.has(session.clientId));
    return {
      created: stored,
      storedBefore: await findSessionsByClientIds(
        tx,
        scope,
        repeated.map((session) => session.clientId),
      ),
    };
  });
  // New sessions are presented from what was stored, without reading them back.
  return batchOutcomes(
    plan.entries,
    presentEach(created, presentSession),
    presentEach(storedBefore, presentSession),
  );
}

/**
 * One session through ingestSessions, as POST /api/v1/sessions answers it: `created` or the
 * `duplicate` first result, or 400 with the reason it was refused.
 */
export async function ingestSession(
  deps: IngestDeps,
  scope: OrgScope,
  input: unknown,
  now: Date,
): Promise<{ status: 'created' | 'duplicate'; session: HrvSession }> {
  const { status, recording } = onlyOutcome(await ingestSessions(deps, scope, [input], now));
  return { status, session: recording };
}

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

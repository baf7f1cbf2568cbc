import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HRV_METRIC_KEYS } from '@resonant/contracts/metrics';
import type { SessionMinute } from '@resonant/contracts/sessions';
import type { Database } from '../../db/client.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import type { OrgScope } from '../../kernel/scope.ts';
import { insertUnnested } from '../../lib/bulk-insert.queries.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';
import type { AnalysedSession } from '../../lib/session-analysis.ts';

/** A session to store: as analysed but for its minutes (stored apart), with its RR series. */
export type NewSession = Omit<AnalysedSession, 'tagIds' | 'results'> & { rr: number[] };

/** A session as stored, as the API presents it but for its dates. */
export type StoredSession = Omit<NewSession, 'rr' | 'optimalZoneSamples' | 'sessionMinutes'> & {
  id: string;
  sessionMinutes: number | null;
  results: SessionMinute[];
  tags: PresentedTag[];
  createdAt: Date;
};

const SESSION_COLUMNS = [
  'orgId',
  'accountId',
  'clientId',
  'kind',
  'name',
  'startedAt',
  'breathsPerMinute',
  'sessionMinutes',
  'breathTime',
  'rrMs',
  'optimalZoneSamples',
  'ozSesAvgPercentage',
  'optimalZoneSessionAverage',
  'quality',
  ...HRV_METRIC_KEYS,
] as const;

/**
 * Stores sessions of the scope's account in the scope's org in one statement and returns the id
 * and creation time of each stored, by clientId. A clientId the account already has stores
 * nothing and is missing from the answer (a retry, possibly a concurrent one). Rows go in
 * clientId order, so two batches sharing clientIds wait for each other in the same order rather
 * than deadlock.
 */
export async function insertSessions(
  db: Database,
  scope: OrgScope,
  list: readonly NewSession[],
  rowsPerStatement?: number,
): Promise<Map<string, { id: string; createdAt: Date }>> {
  const rows = [...list]
    .sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0))
    .map((session) => ({
      orgId: scope.orgId,
      accountId: scope.accountId,
      clientId: session.clientId,
      kind: session.type,
      name: session.sessionName,
      startedAt: session.startedAt,
      breathsPerMinute: session.breathsPerMinute,
      sessionMinutes: session.sessionMinutes,
      breathTime: session.breathTime,
      rrMs: session.rr,
      optimalZoneSamples: session.optimalZoneSamples,
      ozSesAvgPercentage: session.ozSesAvgPercentage,
      optimalZoneSessionAverage: session.optimalZoneSessionAverage,
      quality: session.quality,
      ...session.averages,
    }));
  const stored = await insertUnnested(db, hrvSessions, SESSION_COLUMNS, rows, {
    tail: sql`on conflict (${sql.identifier(hrvSessions.accountId.name)}, ${sql.identifier(
      hrvSessions.clientId.name,
    )}) do nothing returning ${hrvSessions.id}, ${hrvSessions.clientId}, ${hrvSessions.createdAt}`,
    rowsPerStatement,
  });
  return new Map(
    stored.map((row) => [
      row[hrvSessions.clientId.name] as string,
      {
        id: row[hrvSessions.id.name] as string,
        createdAt: hrvSessions.createdAt.mapFromDriverValue(
          row[hrvSessions.createdAt.name] as string,
        ) as Date,
      },
    ]),
  );
}

const MINUTE_COLUMNS = [
  'orgId',
  'sessionId',
  'countTime',
  'lfReliable',
  'vlfReliable',
  ...HRV_METRIC_KEYS,
] as const;

/**
 * Stores the per-minute results of sessions of the scope's org in one statement, however many
 * (a day-long session has 1,440).
 */
export async function insertSessionMinutes(
  db: Database,
  scope: OrgScope,
  list: readonly (SessionMinute & { sessionId: string })[],
  rowsPerStatement?: number,
) {
  await insertUnnested(
    db,
    hrvSessionMinutes,
    MINUTE_COLUMNS,
    list.map(({ metrics, ...minute }) => ({ orgId: scope.orgId, ...minute, ...metrics })),
    { rowsPerStatement },
  );
}

/** Tags sessions of the scope's org (tag ids already checked against the org's offer). */
export async function insertSessionTags(
  db: Database,
  scope: OrgScope,
  list: readonly { sessionId: string; tagId: string }[],
  rowsPerStatement?: number,
) {
  await insertUnnested(
    db,
    hrvSessionTags,
    ['orgId', 'sessionId', 'tagId'],
    list.map((row) => ({ orgId: scope.orgId, ...row })),
    { rowsPerStatement },
  );
}

/**
 * The scope account's sessions with these clientIds, with their minutes and tags, by clientId, in
 * three queries whatever their number. Looked up by account, not org: clientIds are unique per
 * account, so a retry finds its first result.
 */
export async function findSessionsByClientIds(
  db: Database,
  scope: OrgScope,
  clientIds: readonly string[],
): Promise<Map<string, StoredSession>> {
  if (clientIds.length === 0) return new Map();
  const sessions = await db
    .select({
      id: hrvSessions.id,
      clientId: hrvSessions.clientId,
      type: hrvSessions.kind,
      startedAt: hrvSessions.startedAt,
      sessionName: hrvSessions.name,
      breathsPerMinute: hrvSessions.breathsPerMinute,
      sessionMinutes: hrvSessions.sessionMinutes,
      breathTime: hrvSessions.breathTime,
      quality: hrvSessions.quality,
      ozSesAvgPercentage: hrvSessions.ozSesAvgPercentage,
      optimalZoneSessionAverage: hrvSessions.optimalZoneSessionAverage,
      averages: metricColumnsOf(hrvSessions),
      createdAt: hrvSessions.createdAt,
    })
    .from(hrvSessions)
    .where(
      and(eq(hrvSessions.accountId, scope.accountId), inArray(hrvSessions.clientId, clientIds)),
    );
  const found = new Map(
    sessions.map((session) => [
      session.id,
      { ...session, results: [] as SessionMinute[], tags: [] as PresentedTag[] },
    ]),
  );
  if (found.size === 0) return new Map();
  const ids = [...found.keys()];
  const minutes = await db
    .select({
      sessionId: hrvSessionMinutes.sessionId,
      countTime: hrvSessionMinutes.countTime,
      lfReliable: hrvSessionMinutes.lfReliable,
      vlfReliable: hrvSessionMinutes.vlfReliable,
      metrics: metricColumnsOf(hrvSessionMinutes),
    })
    .from(hrvSessionMinutes)
    .where(inArray(hrvSessionMinutes.sessionId, ids))
    .orderBy(asc(hrvSessionMinutes.sessionId), asc(hrvSessionMinutes.countTime));
  for (const { sessionId, ...minute } of minutes) found.get(sessionId)!.results.push(minute);
  const tagRows = await db
    .select({ sessionId: hrvSessionTags.sessionId, id: tags.id, tag_name: tags.name })
    .from(hrvSessionTags)
    .innerJoin(tags, eq(tags.id, hrvSessionTags.tagId))
    .where(inArray(hrvSessionTags.sessionId, ids));
  for (const { sessionId, ...tag } of tagRows) found.get(sessionId)!.tags.push(tag);
  return new Map(
    [...found.values()].map((session) => [
      session.clientId,
      { ...session, tags: sortTags(session.tags) },
    ]),
  );
}

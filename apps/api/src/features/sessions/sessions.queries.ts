import { and, asc, eq } from 'drizzle-orm';
import type { HrvMetrics, Quality } from '@resonant/contracts/metrics';
import type { SessionType } from '@resonant/contracts/sessions';
import type { Database } from '../../db/client.ts';
import {
  hrvSessionMinutes,
  hrvSessions,
  hrvSessionTags,
  type BreathTime,
  type OptimalZoneSamples,
} from '../../db/schema/hrv-sessions.ts';
import { tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import type { OrgScope } from '../../auth/scope.ts';
import { sortTags } from '../../lib/offered-tags.ts';

export type NewSession = {
  clientId: string;
  type: SessionType;
  name: string;
  startedAt: Date;
  breathsPerMinute: number | null;
  sessionMinutes: number;
  breathTime: BreathTime | null;
  rr: number[];
  optimalZoneSamples: OptimalZoneSamples | null;
  ozSesAvgPercentage: number | null;
  optimalZoneSessionAverage: number | null;
  quality: Quality;
  averages: HrvMetrics;
};

export type NewSessionMinute = {
  countTime: number;
  lfReliable: boolean;
  vlfReliable: boolean;
  metrics: HrvMetrics;
};

// PostgreSQL takes at most 65,535 parameters per statement; a minute row has about 30.
const MINUTES_PER_INSERT = 500;

/**
 * Stores a session of the scope's account in the scope's org and returns its id and creation time, or null when the
 * account already has a session with this clientId (a retry, possibly a concurrent one).
 */
export async function insertSession(
  db: Database,
  scope: OrgScope,
  session: NewSession,
): Promise<{ id: string; createdAt: Date } | null> {
  const [row] = await db
    .insert(hrvSessions)
    .values({
      orgId: scope.orgId,
      accountId: scope.accountId,
      clientId: session.clientId,
      kind: session.type,
      name: session.name,
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
    })
    .onConflictDoNothing({ target: [hrvSessions.accountId, hrvSessions.clientId] })
    .returning({ id: hrvSessions.id, createdAt: hrvSessions.createdAt });
  return row ?? null;
}

/** Stores the per-minute results of a session of the scope's org. */
export async function insertSessionMinutes(
  db: Database,
  scope: OrgScope,
  sessionId: string,
  minutes: readonly NewSessionMinute[],
) {
  for (let start = 0; start < minutes.length; start += MINUTES_PER_INSERT) {
    await db.insert(hrvSessionMinutes).values(
      minutes.slice(start, start + MINUTES_PER_INSERT).map((minute) => ({
        orgId: scope.orgId,
        sessionId,
        countTime: minute.countTime,
        lfReliable: minute.lfReliable,
        vlfReliable: minute.vlfReliable,
        ...minute.metrics,
      })),
    );
  }
}

/** Tags a session of the scope's org (tag ids already checked against the org's offer). */
export async function insertSessionTags(
  db: Database,
  scope: OrgScope,
  sessionId: string,
  tagIds: readonly string[],
) {
  if (tagIds.length === 0) return;
  await db
    .insert(hrvSessionTags)
    .values(tagIds.map((tagId) => ({ orgId: scope.orgId, sessionId, tagId })));
}

/**
 * The scope account's session with this clientId, with its minutes and tags. Looked up by
 * account, not org: clientIds are unique per account, so a retry finds its first result.
 */
export async function findSessionByClientId(db: Database, scope: OrgScope, clientId: string) {
  const [session] = await db
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
    .where(and(eq(hrvSessions.accountId, scope.accountId), eq(hrvSessions.clientId, clientId)));
  if (!session) return null;
  const results = await db
    .select({
      countTime: hrvSessionMinutes.countTime,
      lfReliable: hrvSessionMinutes.lfReliable,
      vlfReliable: hrvSessionMinutes.vlfReliable,
      metrics: metricColumnsOf(hrvSessionMinutes),
    })
    .from(hrvSessionMinutes)
    .where(eq(hrvSessionMinutes.sessionId, session.id))
    .orderBy(asc(hrvSessionMinutes.countTime));
  const tagRows = await db
    .select({ id: tags.id, tag_name: tags.name })
    .from(hrvSessionTags)
    .innerJoin(tags, eq(tags.id, hrvSessionTags.tagId))
    .where(eq(hrvSessionTags.sessionId, session.id));
  return { ...session, results, tags: sortTags(tagRows) };
}

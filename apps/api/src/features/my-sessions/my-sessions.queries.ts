import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SessionType } from '@resonant/contracts/sessions';
import type { Database } from '../../db/client.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { orgMemberships } from '../../db/schema/organisations.ts';
import { tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';

/*
 * A member's own sessions: every statement filters by the account first, never by an
 * organisation, so the sessions stay theirs in whichever organisation they were recorded.
 */

/** The list's filters; `after` is where the previous page ended (newest first). */
type MySessionsFilter = {
  kind?: SessionType | undefined;
  tagId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** Where a page ended: started_at in UTC to the microsecond, and the id, the tie-breaker. */
export type SessionCursor = { startedAt: string; id: string };

const summaryColumns = {
  id: hrvSessions.id,
  orgId: hrvSessions.orgId,
  kind: hrvSessions.kind,
  name: hrvSessions.name,
  note: hrvSessions.note,
  startedAt: hrvSessions.startedAt,
  createdAt: hrvSessions.createdAt,
  quality: hrvSessions.quality,
  breathsPerMinute: hrvSessions.breathsPerMinute,
  sessionMinutes: hrvSessions.sessionMinutes,
  ozSesAvgPercentage: hrvSessions.ozSesAvgPercentage,
  optimalZoneSessionAverage: hrvSessions.optimalZoneSessionAverage,
  rmssd: hrvSessions.rmssd,
  sdnn: hrvSessions.sdnn,
  // The first sample's presence, not the array's length: no need to read the whole array.
  hasOzData: sql<boolean>`(${hrvSessions.optimalZoneSamples} -> 'values' -> 0) is not null`,
  cursorAt: sql<string>`to_char(${hrvSessions.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** A page of the account's sessions passing the filters, newest first, `limit` after `after`. */
export async function mySessionsPage(
  db: Database,
  accountId: string,
  filter: MySessionsFilter,
  page: { limit: number; after?: SessionCursor | undefined },
) {
  const conditions: SQL[] = [eq(hrvSessions.accountId, accountId)];
  if (filter.kind) conditions.push(eq(hrvSessions.kind, filter.kind));
  if (filter.from) conditions.push(gte(hrvSessions.startedAt, filter.from));
  if (filter.to) conditions.push(lt(hrvSessions.startedAt, filter.to));
  if (filter.tagId) {
    conditions.push(
      sql`exists (select 1 from ${hrvSessionTags} where ${hrvSessionTags.sessionId} = ${hrvSessions.id} and ${hrvSessionTags.tagId} = ${filter.tagId})`,
    );
  }
  if (page.after) {
    conditions.push(
      sql`(${hrvSessions.startedAt}, ${hrvSessions.id}) < (${page.after.startedAt}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  return db
    .select(summaryColumns)
    .from(hrvSessions)
    .where(and(...conditions))
    .orderBy(desc(hrvSessions.startedAt), desc(hrvSessions.id))
    .limit(page.limit);
}

/** One session of the account with everything the detail shows (the RR series when asked); or null. */
export async function findMySession(
  db: Database,
  accountId: string,
  sessionId: string,
  withRr: boolean,
) {
  const [row] = await db
    .select({
      ...summaryColumns,
      breathTime: hrvSessions.breathTime,
      samples: hrvSessions.optimalZoneSamples,
      metrics: metricColumnsOf(hrvSessions),
      rr: withRr ? hrvSessions.rrMs : sql<null>`null`,
    })
    .from(hrvSessions)
    .where(and(eq(hrvSessions.accountId, accountId), eq(hrvSessions.id, sessionId)));
  return row ?? null;
}

/** The per-minute results of one of the account's sessions, in minute order. */
export async function mySessionMinutes(db: Database, accountId: string, sessionId: string) {
  return db
    .select({
      sessionId: hrvSessionMinutes.sessionId,
      countTime: hrvSessionMinutes.countTime,
      metrics: metricColumnsOf(hrvSessionMinutes),
    })
    .from(hrvSessionMinutes)
    .innerJoin(hrvSessions, eq(hrvSessions.id, hrvSessionMinutes.sessionId))
    .where(and(eq(hrvSessions.accountId, accountId), eq(hrvSessionMinutes.sessionId, sessionId)))
    .orderBy(asc(hrvSessionMinutes.countTime));
}

/** The tags of the account's sessions, per session, sorted. */
export async function mySessionTags(
  db: Database,
  accountId: string,
  sessionIds: readonly string[],
): Promise<Map<string, PresentedTag[]>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: hrvSessionTags.sessionId, id: tags.id, tag_name: tags.name })
    .from(hrvSessionTags)
    .innerJoin(hrvSessions, eq(hrvSessions.id, hrvSessionTags.sessionId))
    .innerJoin(tags, eq(tags.id, hrvSessionTags.tagId))
    .where(
      and(eq(hrvSessions.accountId, accountId), inArray(hrvSessionTags.sessionId, [...sessionIds])),
    );
  const bySession = new Map<string, PresentedTag[]>();
  for (const { sessionId, ...tag } of rows) {
    bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), tag]);
  }
  for (const list of bySession.values()) sortTags(list);
  return bySession;
}

/**
 * Whether a tag is one the account may filter by: platform-wide, or of an organisation the
 * account belongs to or recorded a session in (a left organisation's tags stay on its sessions).
 */
export async function tagKnownToAccount(db: Database, accountId: string, tagId: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.id, tagId),
        or(
          isNull(tags.orgId),
          inArray(
            tags.orgId,
            db
              .select({ orgId: orgMemberships.orgId })
              .from(orgMemberships)
              .where(eq(orgMemberships.accountId, accountId)),
          ),
          inArray(
            tags.orgId,
            db
              .selectDistinct({ orgId: hrvSessions.orgId })
              .from(hrvSessions)
              .where(eq(hrvSessions.accountId, accountId)),
          ),
        ),
      ),
    );
  return row !== undefined;
}

/** Sets the note of one of the account's sessions. */
export async function updateMySessionNote(
  tx: Database,
  accountId: string,
  sessionId: string,
  note: string | null,
) {
  await tx
    .update(hrvSessions)
    .set({ note })
    .where(and(eq(hrvSessions.accountId, accountId), eq(hrvSessions.id, sessionId)));
}

/** Replaces the tags of a session (already found to be the account's) in its organisation. */
export async function replaceSessionTags(
  tx: Database,
  session: { id: string; orgId: string },
  tagIds: readonly string[],
) {
  await tx.delete(hrvSessionTags).where(eq(hrvSessionTags.sessionId, session.id));
  if (tagIds.length === 0) return;
  await tx
    .insert(hrvSessionTags)
    .values(tagIds.map((tagId) => ({ orgId: session.orgId, sessionId: session.id, tagId })));
}

/** Deletes one of the account's sessions (its minutes and tags go with it); what it was, or null. */
export async function deleteMySession(tx: Database, accountId: string, sessionId: string) {
  const [row] = await tx
    .delete(hrvSessions)
    .where(and(eq(hrvSessions.accountId, accountId), eq(hrvSessions.id, sessionId)))
    .returning({
      id: hrvSessions.id,
      orgId: hrvSessions.orgId,
      kind: hrvSessions.kind,
      name: hrvSessions.name,
      startedAt: hrvSessions.startedAt,
    });
  return row ?? null;
}

import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { hrvSessionMinutes, hrvSessions, hrvSessionTags } from '../../db/schema/hrv-sessions.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { readings, readingTags, tags } from '../../db/schema/readings.ts';
import { metricColumnsOf } from '../../lib/hrv-metrics.ts';
import { sortTags, type PresentedTag } from '../../lib/offered-tags.ts';

/**
 * A person's own rows, by account id alone: every organisation they recorded in, and those they
 * have left, since their recordings stay theirs (issue 28). Listings are oldest first and read a
 * page after a keyset, so an export of years of readings holds one page in memory at a time.
 */

/** Where the previous page ended: the time as the database writes it (microseconds kept), the id. */
export type RowKey = { at: string; id: string };

/** The account and profile of the person, or undefined when the account is gone. */
export async function ownProfile(db: Database, accountId: string) {
  const [row] = await db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      createdAt: accounts.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row;
}

function afterKey(at: SQL | unknown, id: unknown, after: RowKey | undefined): SQL | undefined {
  return after ? sql`(${at}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
}

const readingColumns = {
  id: readings.id,
  clientId: readings.clientId,
  orgId: readings.orgId,
  organisation: organisations.name,
  kind: readings.kind,
  takenAt: readings.takenAt,
  createdAt: readings.createdAt,
  device: readings.device,
  note: readings.note,
  quality: readings.quality,
  metrics: metricColumnsOf(readings),
  cursorAt: sql<string>`${readings.takenAt}::text`,
};

/**
 * A page of the person's readings after `after`, oldest first; with `withRr` each carries its raw
 * RR series (the largest column, so the CSV and the FHIR Bundle leave it out).
 */
export async function ownReadingsPage(
  db: Database,
  accountId: string,
  page: { limit: number; after: RowKey | undefined; withRr: boolean },
) {
  const rows = await db
    .select({ ...readingColumns, ...(page.withRr ? { rrMs: readings.rrMs } : {}) })
    .from(readings)
    .leftJoin(organisations, eq(organisations.id, readings.orgId))
    .where(
      and(eq(readings.accountId, accountId), afterKey(readings.takenAt, readings.id, page.after)),
    )
    .orderBy(asc(readings.takenAt), asc(readings.id))
    .limit(page.limit);
  return rows as ((typeof rows)[number] & { rrMs?: number[] })[];
}

function byOwner(rows: { ownerId: string; id: string; tag_name: string }[]) {
  const map = new Map<string, PresentedTag[]>();
  for (const { ownerId, ...tag } of rows) map.set(ownerId, [...(map.get(ownerId) ?? []), tag]);
  for (const list of map.values()) sortTags(list);
  return map;
}

/** The tags of the given readings, per reading, sorted. */
export async function readingTagsOf(db: Database, readingIds: readonly string[]) {
  if (readingIds.length === 0) return new Map<string, PresentedTag[]>();
  const rows = await db
    .select({ ownerId: readingTags.readingId, id: tags.id, tag_name: tags.name })
    .from(readingTags)
    .innerJoin(tags, eq(tags.id, readingTags.tagId))
    .where(inArray(readingTags.readingId, [...readingIds]));
  return byOwner(rows);
}

/** A page of the person's sessions after `after`, oldest first, with their raw data. */
export async function ownSessionsPage(
  db: Database,
  accountId: string,
  page: { limit: number; after: RowKey | undefined },
) {
  return db
    .select({
      id: hrvSessions.id,
      clientId: hrvSessions.clientId,
      orgId: hrvSessions.orgId,
      organisation: organisations.name,
      kind: hrvSessions.kind,
      name: hrvSessions.name,
      note: hrvSessions.note,
      startedAt: hrvSessions.startedAt,
      createdAt: hrvSessions.createdAt,
      breathsPerMinute: hrvSessions.breathsPerMinute,
      sessionMinutes: hrvSessions.sessionMinutes,
      breathTime: hrvSessions.breathTime,
      ozSesAvgPercentage: hrvSessions.ozSesAvgPercentage,
      optimalZoneSessionAverage: hrvSessions.optimalZoneSessionAverage,
      optimalZoneSamples: hrvSessions.optimalZoneSamples,
      quality: hrvSessions.quality,
      metrics: metricColumnsOf(hrvSessions),
      rrMs: hrvSessions.rrMs,
      cursorAt: sql<string>`${hrvSessions.startedAt}::text`,
    })
    .from(hrvSessions)
    .leftJoin(organisations, eq(organisations.id, hrvSessions.orgId))
    .where(
      and(
        eq(hrvSessions.accountId, accountId),
        afterKey(hrvSessions.startedAt, hrvSessions.id, page.after),
      ),
    )
    .orderBy(asc(hrvSessions.startedAt), asc(hrvSessions.id))
    .limit(page.limit);
}

/** The tags of the given sessions, per session, sorted. */
export async function sessionTagsOf(db: Database, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return new Map<string, PresentedTag[]>();
  const rows = await db
    .select({ ownerId: hrvSessionTags.sessionId, id: tags.id, tag_name: tags.name })
    .from(hrvSessionTags)
    .innerJoin(tags, eq(tags.id, hrvSessionTags.tagId))
    .where(inArray(hrvSessionTags.sessionId, [...sessionIds]));
  return byOwner(rows);
}

/** The per-minute rows of the given sessions, in minute order. */
export async function sessionMinutesOf(db: Database, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: hrvSessionMinutes.sessionId,
      minute: hrvSessionMinutes.countTime,
      lfReliable: hrvSessionMinutes.lfReliable,
      vlfReliable: hrvSessionMinutes.vlfReliable,
      metrics: metricColumnsOf(hrvSessionMinutes),
    })
    .from(hrvSessionMinutes)
    .where(inArray(hrvSessionMinutes.sessionId, [...sessionIds]))
    .orderBy(asc(hrvSessionMinutes.sessionId), asc(hrvSessionMinutes.countTime));
}

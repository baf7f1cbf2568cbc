import { and, eq, inArray, like, max } from 'drizzle-orm';
import type { HrvAnalyser } from '../lib/hrv-pool.ts';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { hrvSessions } from '../db/schema/hrv-sessions.ts';
import { orgMemberships, organisations } from '../db/schema/organisations.ts';
import { readings } from '../db/schema/readings.ts';
import { DEMO_ACCOUNT_EMAILS } from './demo-org.ts';
import {
  betweenRecordings,
  demoDayOf,
  demoMemberColumns,
  demoRecordings,
  DEMO_CLIENT_ID_PREFIX,
  demoTimeline,
  FIRST_DAY_AFTER_SEED,
  platformTagIds,
  storeDemoRecording,
  type DemoMember,
} from './demo-recordings.ts';

export type DemoRefreshOptions = {
  /**
   * Told `done` of `total` recordings: once they are counted (0 of total, also when there is
   * nothing to add), every few stored, and at the end.
   */
  progress?: (done: number, total: number) => Promise<void> | void;
  /** Stops the refresh between two recordings. */
  signal?: AbortSignal;
  /** Where the recordings' checks and metrics run: the app's worker threads (this thread unless said). */
  hrv?: HrvAnalyser;
};

export type DemoRefreshSummary = { added: number };

// How many recordings are stored between two progress reports.
const PROGRESS_EVERY = 10;

/**
 * Brings Demo Org's recordings up to `now` (Update Demo Org Data): for each demo member, what the
 * seed's generator makes for the days from the day of their latest generated recording (from the
 * seeding day when they have none; what they recorded themselves does not count) to today, at times up to `now`, and is not stored yet, stored through the
 * ingestion services as the seed does. The recordings are counted first, then stored member by
 * member. A refresh cut short and run again adds only what is missing: the generator's client ids
 * are fixed per member and day. Only the seeded demo accounts get recordings; anyone else who
 * joined Demo Org keeps their own. Not one transaction: each recording commits as it is stored
 * (a batch of one: a refresh adds the few days since the last), so its progress can be seen and a
 * stop loses nothing stored.
 */
export async function refreshDemoRecordings(
  db: Database,
  orgId: string,
  now: Date,
  { progress = () => {}, signal, hrv }: DemoRefreshOptions = {},
): Promise<DemoRefreshSummary> {
  const [org] = await db
    .select({ seededAt: organisations.demoSeededAt })
    .from(organisations)
    .where(and(eq(organisations.id, orgId), eq(organisations.isDemo, true)));
  if (!org?.seededAt) {
    await progress(0, 0);
    return { added: 0 };
  }
  const timeline = demoTimeline(org.seededAt);
  const endDay = demoDayOf(timeline, now) + 1;
  const members = await db
    .select(demoMemberColumns)
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(orgMemberships.orgId, orgId), inArray(accounts.email, DEMO_ACCOUNT_EMAILS)))
    .orderBy(accounts.email);
  const tagIds = await platformTagIds(db);

  // Count first: per member, the client ids of the recordings due and not stored yet.
  const plans: { member: DemoMember; fromDay: number; missing: Set<string> }[] = [];
  let total = 0;
  for (const member of members) {
    const lastGenerated = await latestGeneratedRecordingAt(db, orgId, member.accountId);
    const fromDay = lastGenerated ? demoDayOf(timeline, lastGenerated) : FIRST_DAY_AFTER_SEED;
    const due: string[] = [];
    for (const recording of demoRecordings(member, tagIds, timeline, fromDay, endDay)) {
      if (recording.at <= now) due.push(recording.clientId);
    }
    const stored = await storedClientIds(db, member.accountId, due);
    const missing = new Set(due.filter((clientId) => !stored.has(clientId)));
    if (missing.size === 0) continue;
    plans.push({ member, fromDay, missing });
    total += missing.size;
  }
  await progress(0, total);

  let done = 0;
  for (const { member, fromDay, missing } of plans) {
    const scope = { orgId, accountId: member.accountId };
    for (const recording of demoRecordings(member, tagIds, timeline, fromDay, endDay)) {
      if (!missing.has(recording.clientId)) continue;
      await betweenRecordings(signal);
      await storeDemoRecording(db, scope, recording, now, hrv);
      done++;
      if (done % PROGRESS_EVERY === 0 && done < total) await progress(done, total);
    }
  }
  if (total > 0) await progress(done, total);
  return { added: done };
}

/** Which of these client ids the account has stored already, as a reading or a session. */
/** When the member's latest recording made by the demo generator (client id `demo-…`) was taken. */
async function latestGeneratedRecordingAt(
  db: Database,
  orgId: string,
  accountId: string,
): Promise<Date | null> {
  const generated = (clientId: typeof readings.clientId | typeof hrvSessions.clientId) =>
    like(clientId, `${DEMO_CLIENT_ID_PREFIX}%`);
  const [reading] = await db
    .select({ at: max(readings.takenAt) })
    .from(readings)
    .where(
      and(
        eq(readings.orgId, orgId),
        eq(readings.accountId, accountId),
        generated(readings.clientId),
      ),
    );
  const [session] = await db
    .select({ at: max(hrvSessions.startedAt) })
    .from(hrvSessions)
    .where(
      and(
        eq(hrvSessions.orgId, orgId),
        eq(hrvSessions.accountId, accountId),
        generated(hrvSessions.clientId),
      ),
    );
  const times = [reading?.at, session?.at].filter((at): at is Date => at instanceof Date);
  return times.length ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
}

async function storedClientIds(
  db: Database,
  accountId: string,
  clientIds: string[],
): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const storedReadings = await db
    .select({ clientId: readings.clientId })
    .from(readings)
    .where(and(eq(readings.accountId, accountId), inArray(readings.clientId, clientIds)));
  const storedSessions = await db
    .select({ clientId: hrvSessions.clientId })
    .from(hrvSessions)
    .where(and(eq(hrvSessions.accountId, accountId), inArray(hrvSessions.clientId, clientIds)));
  return new Set([...storedReadings, ...storedSessions].map((row) => row.clientId));
}

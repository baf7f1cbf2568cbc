import type { HrvAnalyser } from '../lib/hrv-pool.ts';
import type { Database } from '../db/client.ts';
import { DEMO_ACCOUNT_EMAILS } from './demo-org.ts';
import {
  betweenRecordings,
  demoDayOf,
  demoRecordings,
  DEMO_CLIENT_ID_PREFIX,
  demoTimeline,
  FIRST_DAY_AFTER_SEED,
  storeDemoRecording,
  type DemoMember,
} from './demo-recordings.ts';
import {
  findDemoMembers,
  findDemoSeededAt,
  latestRecordingAtWithPrefix,
  platformTagIds,
  storedClientIds,
} from './demo-recordings.queries.ts';

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
  const seededAt = await findDemoSeededAt(db, orgId);
  if (!seededAt) {
    await progress(0, 0);
    return { added: 0 };
  }
  const timeline = demoTimeline(seededAt);
  const endDay = demoDayOf(timeline, now) + 1;
  const members = await findDemoMembers(db, orgId, DEMO_ACCOUNT_EMAILS);
  const tagIds = await platformTagIds(db);

  // Count first: per member, the client ids of the recordings due and not stored yet.
  const plans: { member: DemoMember; fromDay: number; missing: Set<string> }[] = [];
  let total = 0;
  for (const member of members) {
    const lastGenerated = await latestRecordingAtWithPrefix(
      db,
      { orgId, accountId: member.accountId },
      DEMO_CLIENT_ID_PREFIX,
    );
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

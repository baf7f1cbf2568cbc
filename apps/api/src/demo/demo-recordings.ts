import { setImmediate as nextTurn } from 'node:timers/promises';
import { BATCH_MAX_ITEMS, type CreateReadingBody } from '@resonant/contracts/readings';
import type { CreateSessionBody, SessionType } from '@resonant/contracts/sessions';
import { createRandom, deriveSeed, type Random } from '@resonant/hrv/random';
import {
  createPerson,
  dayRecording,
  optimalZoneScores,
  type Person,
  type Sex,
} from '@resonant/hrv/synthetic-person';
import type { BatchOutcome } from '../features/ingestion/batch-plan.ts';
import {
  ingestBatch,
  type AnalysedRecording,
  type IngestDeps,
  type IngestionKind,
} from '../features/ingestion/ingest-batch.ts';
import { readingsKind } from '../features/ingestion/readings-kind.ts';
import { sessionsKind } from '../features/ingestion/sessions-kind.ts';
import { analyseInThisThread, type HrvAnalyser } from '../lib/hrv-pool.ts';
import type { Database } from '../db/client.ts';
import { findDemoMembers, platformTagIds } from './demo-recordings.queries.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Every recording the generator makes has a client id `demo-<kind>-<day>`. */
export const DEMO_CLIENT_ID_PREFIX = 'demo-';
/** Eight months of history, as the demo promises. */
const HISTORY_DAYS = 243;
const MORNING_SECONDS = 180;
const ANYTIME_SECONDS = 120;
/** Chances per day of each optional recording (≈ 1.2 anytime readings and 1.8 sessions a week). */
const ANYTIME_PER_DAY = 0.17;
const BIOFEEDBACK_PER_DAY = 0.15;
const MINDFULNESS_PER_DAY = 0.08;
const SELF_COMPASSION_PER_DAY = 0.03;
const TAGGED_SHARE = 0.2;

const SESSION_NAMES: Record<SessionType, string[]> = {
  biofeedback: ['Resonance Breathing', 'Coherence Practice', 'Evening Wind-down'],
  mindfulness: ['Body Scan', 'Mindful Breathing', 'Open Awareness'],
  self_compassion: ['Loving Kindness', 'Kind Attention'],
};
/** The app's pacer at 6 breaths/min: 4 s in, 6 s out. */
const PACED_BREATH_TIME = {
  name: '4-6 Resonance',
  inhalePercentage: 40,
  exhalePercentage: 60,
  inhaleSeconds: 4,
  exhaleSeconds: 6,
  defaultTotalMinutes: 10,
};

export type DemoRecordingsSummary = { readings: number; sessions: number; members: number };

export type DemoRecordingsOptions = {
  /** Told at the start and every few members: the seed takes a while. */
  progress?: (message: string) => void;
  /** Stops the seed between two members' recordings (a signal during the first start). */
  signal?: AbortSignal;
};

/**
 * Eight months of recordings for every member of the demo organisation, made from synthetic RR
 * series by packages/hrv and stored through the ingestion services, exactly as the mobile app's
 * uploads are (a member's readings in one batch, their sessions in another): morning readings on
 * most days with a person's own gaps (holidays, lapses), some anytime readings, and biofeedback,
 * mindfulness and self-compassion sessions with optimal-zone samples. Deterministic per member.
 */
export async function seedDemoRecordings(
  db: Database,
  orgId: string,
  now: Date,
  { progress = () => {}, signal }: DemoRecordingsOptions = {},
): Promise<DemoRecordingsSummary> {
  const members = await findDemoMembers(db, orgId);
  const tagIds = await platformTagIds(db);
  const timeline = demoTimeline(now);

  const summary: DemoRecordingsSummary = { readings: 0, sessions: 0, members: members.length };
  progress(`Seeding eight months of demo recordings for ${members.length} members…`);
  for (const [index, member] of members.entries()) {
    if (index > 0 && index % 8 === 0) progress(`  ${index} of ${members.length} members done`);
    await betweenRecordings(signal);
    const recordings = [...demoRecordings(member, tagIds, timeline, 0, HISTORY_DAYS)];
    await storeDemoRecordings(db, { orgId, accountId: member.accountId }, recordings, now);
    for (const recording of recordings) {
      summary[recording.type === 'reading' ? 'readings' : 'sessions']++;
    }
  }
  return summary;
}

/** A demo member as the generator needs them. */
export type DemoMember = {
  accountId: string;
  email: string;
  gender: string | null;
  birthDate: string | null;
};

/**
 * The demo's days: day 0 is the first of the eight months the seed records, `seededOn` (midnight
 * UTC of the seeding day) is day HISTORY_DAYS. A refresh continues the same numbering, so a
 * member's physiology (training, practice, weekly rhythm) carries on where the seed left it.
 */
export type DemoTimeline = { seededOn: Date };

/** The timeline of a demo seeded at `seededAt`. */
export function demoTimeline(seededAt: Date): DemoTimeline {
  return { seededOn: utcMidnight(seededAt) };
}

/** The timeline's day that holds `at`. */
export function demoDayOf(timeline: DemoTimeline, at: Date): number {
  return HISTORY_DAYS + Math.floor((at.getTime() - timeline.seededOn.getTime()) / DAY_MS);
}

/** The first day after the eight months the seed recorded: the first a refresh adds. */
export const FIRST_DAY_AFTER_SEED = HISTORY_DAYS;

/** One recording of the demo, ready for its ingestion service. */
export type DemoRecording =
  | { type: 'reading'; clientId: string; at: Date; input: CreateReadingBody }
  | { type: 'session'; clientId: string; at: Date; input: CreateSessionBody };

/**
 * The one generator of demo recordings: a member's recordings of the days [fromDay, toDay) of the
 * timeline, day by day, each day's in a fixed order. The same member, tags and day always give
 * the same recordings with the same client ids (`demo-<kind>-<day>`), so the seed and every
 * refresh agree and storing one twice stores nothing (the ingestion's idempotency).
 */
export function* demoRecordings(
  member: DemoMember,
  tagIds: string[],
  timeline: DemoTimeline,
  fromDay: number,
  toDay: number,
): Generator<DemoRecording> {
  const seed = seedOf(member.email);
  // Their age on the seeding day, not to the second: a day's demo is the same wherever it is seeded.
  const person = createPerson({
    seed,
    age: ageOn(member.birthDate, timeline.seededOn),
    sex: sexOf(member.gender, seed),
  });
  const plan = createRandom(deriveSeed(seed, 99));
  // The seed's eight months draw their breaks from the plan (before the adherence); each later
  // span of as many days draws its own.
  const breaksBySpan = new Map([[0, plannedBreaks(plan, 0)]]);
  const onBreak = (dayIndex: number) => {
    const span = Math.floor(dayIndex / HISTORY_DAYS);
    let breaks = breaksBySpan.get(span);
    if (!breaks) {
      breaks = plannedBreaks(createRandom(deriveSeed(seed, 99, span)), span);
      breaksBySpan.set(span, breaks);
    }
    return breaks.some(([from, to]) => dayIndex >= from && dayIndex <= to);
  };
  // Mornings on most days, at the person's own adherence; anytime readings now and then.
  const readingKinds = [
    {
      kind: 'morning',
      chance: plan.uniform(0.72, 0.95),
      durationS: MORNING_SECONDS,
      hours: [6, 8.5],
    },
    { kind: 'anytime', chance: ANYTIME_PER_DAY, durationS: ANYTIME_SECONDS, hours: [10, 20] },
  ] as const;

  for (let dayIndex = fromDay; dayIndex < toDay; dayIndex++) {
    const dayStart = new Date(timeline.seededOn.getTime() - (HISTORY_DAYS - dayIndex) * DAY_MS);
    const day = createRandom(deriveSeed(seed, 100, dayIndex));
    if (onBreak(dayIndex)) continue;
    const clientId = (kind: string) => `${DEMO_CLIENT_ID_PREFIX}${kind}-${dayIndex}`;
    const at = (fromHour: number, toHour: number) =>
      new Date(dayStart.getTime() + day.uniform(fromHour, toHour) * 3600 * 1000);

    for (const reading of readingKinds) {
      if (day.next() >= reading.chance) continue;
      const { rr } = dayRecording(person, dayIndex, {
        kind: reading.kind,
        durationS: reading.durationS,
      });
      const takenAt = at(reading.hours[0], reading.hours[1]);
      yield {
        type: 'reading',
        clientId: clientId(reading.kind),
        at: takenAt,
        input: {
          clientId: clientId(reading.kind),
          takenAt: takenAt.toISOString(),
          kind: reading.kind,
          rr: Array.from(rr),
          tags: pickTags(day, tagIds),
          device: 'Polar H10',
        },
      };
    }
    for (const [type, chance] of [
      ['biofeedback', BIOFEEDBACK_PER_DAY],
      ['mindfulness', MINDFULNESS_PER_DAY],
      ['self_compassion', SELF_COMPASSION_PER_DAY],
    ] as const) {
      if (day.next() >= chance) continue;
      const startedAt = at(12, 22);
      yield {
        type: 'session',
        clientId: clientId(type),
        at: startedAt,
        input: sessionInput(person, dayIndex, type, startedAt, day),
      };
    }
  }
}

/**
 * Stores a member's demo recordings through the ingestion services, as the mobile app's batch
 * uploads would: readings and sessions each in batches of up to BATCH_MAX_ITEMS. Their checks and
 * metrics run on `hrv` (this thread unless said: the seed runs before the server takes requests).
 * A recording refused is a bug of the generator, so it stops the seed.
 */
async function storeDemoRecordings(
  db: Database,
  scope: { orgId: string; accountId: string },
  recordings: readonly DemoRecording[],
  now: Date,
  hrv: HrvAnalyser = analyseInThisThread,
): Promise<void> {
  const deps = { db, hrv };
  const inputsOf = (type: DemoRecording['type']) =>
    recordings.flatMap((recording) => (recording.type === type ? [recording.input] : []));
  await storeInBatches(readingsKind, deps, scope, inputsOf('reading'), now);
  await storeInBatches(sessionsKind, deps, scope, inputsOf('session'), now);
}

/** Stores recordings of one kind in batches of up to BATCH_MAX_ITEMS, all or the seed stops. */
async function storeInBatches<A extends AnalysedRecording, S, P>(
  kind: IngestionKind<A, S, P>,
  deps: IngestDeps,
  scope: { orgId: string; accountId: string },
  inputs: readonly unknown[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < inputs.length; start += BATCH_MAX_ITEMS) {
    const batch = inputs.slice(start, start + BATCH_MAX_ITEMS);
    assertStored(await ingestBatch(kind, deps, scope, batch, now));
  }
}

/** Stores one demo recording through its ingestion service (a batch of one). */
export function storeDemoRecording(
  db: Database,
  scope: { orgId: string; accountId: string },
  recording: DemoRecording,
  now: Date,
  hrv?: HrvAnalyser,
): Promise<void> {
  return storeDemoRecordings(db, scope, [recording], now, hrv);
}

function assertStored(outcomes: readonly BatchOutcome<unknown>[]) {
  const refused = outcomes.find((outcome) => outcome.status === 'failed');
  if (refused) {
    throw new Error(`demo recording ${refused.clientId} refused: ${refused.message}`);
  }
}

function sessionInput(
  person: Person,
  dayIndex: number,
  type: SessionType,
  startedAt: Date,
  day: Random,
): CreateSessionBody {
  const minutes = type === 'biofeedback' ? [5, 7, 10][Math.floor(day.next() * 3)]! : 5;
  const durationS = minutes * 60;
  const recording = dayRecording(person, dayIndex, { kind: type, durationS });
  const scores = optimalZoneScores(day, durationS, recording.quality);
  const names = SESSION_NAMES[type];
  return {
    clientId: `demo-${type}-${dayIndex}`,
    type,
    startedAt: startedAt.toISOString(),
    sessionName: names[Math.floor(day.next() * names.length)]!,
    breathsPerMinute: Math.round(recording.breathsPerMinute * 10) / 10,
    breathTime: type === 'biofeedback' ? PACED_BREATH_TIME : null,
    rr: Array.from(recording.rr),
    ...(type === 'biofeedback'
      ? { ozValues: scores.map((oz, i) => ({ oz, ts: (i + 1) * 5 })) }
      : { ozValues: scores, reportStartTime: startedAt.toISOString() }),
  };
}

/**
 * Gives the event loop a turn, then stops if asked to. PGlite answers through promises alone, so
 * without this a seed would hold off timers (the data-dir lock's heartbeat) and signals to its end.
 */
export async function betweenRecordings(signal: AbortSignal | undefined) {
  await nextTurn();
  signal?.throwIfAborted();
}

/**
 * One or two breaks of 4–14 days (holidays, illness, a lapse) in a span of HISTORY_DAYS days: span 0
 * is the seed's eight months, span 1 the same length after them, and so on.
 */
function plannedBreaks(random: Random, span: number): [number, number][] {
  const offset = span * HISTORY_DAYS;
  const count = random.next() < 0.5 ? 1 : 2;
  return Array.from({ length: count }, () => {
    const from = offset + Math.floor(random.uniform(10, HISTORY_DAYS - 20));
    return [from, from + Math.floor(random.uniform(4, 14))];
  });
}

/** Midnight UTC of the day holding `at`. */
function utcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

function pickTags(random: Random, tagIds: string[]): string[] {
  if (tagIds.length === 0 || random.next() >= TAGGED_SHARE) return [];
  return [tagIds[Math.floor(random.next() * tagIds.length)]!];
}

/** A stable seed per member, so the demo is the same on every machine. */
function seedOf(email: string): number {
  let hash = 2166136261;
  for (let i = 0; i < email.length; i++) hash = Math.imul(hash ^ email.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function ageOn(birthDate: string | null, now: Date): number {
  if (!birthDate) return 40;
  const years = (now.getTime() - new Date(birthDate).getTime()) / (365.25 * DAY_MS);
  return Math.max(18, Math.min(90, years));
}

/** The synthetic physiology needs a sex; members who did not give one get one from their seed. */
function sexOf(gender: string | null, seed: number): Sex {
  if (gender === 'Female') return 'female';
  if (gender === 'Male') return 'male';
  return seed % 2 === 0 ? 'female' : 'male';
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, isNull } from 'drizzle-orm';
import type { SessionType } from '@resonant/contracts/sessions';
import { createRandom, deriveSeed, type Random } from '@resonant/hrv/random';
import {
  createPerson,
  dayRecording,
  optimalZoneScores,
  type Person,
  type Sex,
} from '@resonant/hrv/synthetic';
import { ingestReading } from '../../features/readings/ingest-reading.ts';
import { ingestSession } from '../../features/sessions/ingest-session.ts';
import type { Database } from '../client.ts';
import { accounts, profiles } from '../schema/accounts.ts';
import { orgMemberships } from '../schema/organisations.ts';
import { tags } from '../schema/readings.ts';

const DAY_MS = 24 * 3600 * 1000;
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
  /** Stops the seed between two recordings (a signal during the first start). */
  signal?: AbortSignal;
};

/**
 * Eight months of recordings for every member of the demo organisation, made from synthetic RR
 * series by packages/hrv and stored through the ingestion services, exactly as the mobile app's
 * uploads are: morning readings on most days with a person's own gaps (holidays, lapses), some
 * anytime readings, and biofeedback, mindfulness and self-compassion sessions with optimal-zone
 * samples. Deterministic per member.
 */
export async function seedDemoRecordings(
  db: Database,
  orgId: string,
  now: Date,
  { progress = () => {}, signal }: DemoRecordingsOptions = {},
): Promise<DemoRecordingsSummary> {
  const members = await db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
    })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(orgMemberships.orgId, orgId))
    .orderBy(accounts.email);
  const platformTags = await db.select({ id: tags.id }).from(tags).where(isNull(tags.orgId));
  const tagIds = platformTags.map((tag) => tag.id);

  const summary: DemoRecordingsSummary = { readings: 0, sessions: 0, members: members.length };
  progress(`Seeding eight months of demo recordings for ${members.length} members…`);
  for (const [index, member] of members.entries()) {
    if (index > 0 && index % 8 === 0) progress(`  ${index} of ${members.length} members done`);
    const added = await seedMember(db, orgId, member, tagIds, now, signal);
    summary.readings += added.readings;
    summary.sessions += added.sessions;
  }
  return summary;
}

type DemoMember = {
  accountId: string;
  email: string;
  gender: string | null;
  birthDate: string | null;
};

/** One member's eight months, ingested recording by recording. */
async function seedMember(
  db: Database,
  orgId: string,
  member: DemoMember,
  tagIds: string[],
  now: Date,
  signal: AbortSignal | undefined,
): Promise<{ readings: number; sessions: number }> {
  const added = { readings: 0, sessions: 0 };
  const seed = seedOf(member.email);
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // Their age on the seeding day, not to the second: a day's demo is the same wherever it is seeded.
  const person = createPerson({
    seed,
    age: ageOn(member.birthDate, firstDay),
    sex: sexOf(member.gender, seed),
  });
  const scope = { orgId, accountId: member.accountId };
  const plan = createRandom(deriveSeed(seed, 99));
  const breaks = plannedBreaks(plan);
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

  for (let dayIndex = 0; dayIndex < HISTORY_DAYS; dayIndex++) {
    const dayStart = new Date(firstDay.getTime() - (HISTORY_DAYS - dayIndex) * DAY_MS);
    const day = createRandom(deriveSeed(seed, 100, dayIndex));
    if (breaks.some(([from, to]) => dayIndex >= from && dayIndex <= to)) continue;
    const clientId = (kind: string) => `demo-${kind}-${dayIndex}`;
    const at = (fromHour: number, toHour: number) =>
      new Date(dayStart.getTime() + day.uniform(fromHour, toHour) * 3600 * 1000);

    for (const reading of readingKinds) {
      if (day.next() >= reading.chance) continue;
      await betweenRecordings(signal);
      const { rr } = dayRecording(person, dayIndex, {
        kind: reading.kind,
        durationS: reading.durationS,
      });
      await ingestReading(
        db,
        scope,
        {
          clientId: clientId(reading.kind),
          takenAt: at(reading.hours[0], reading.hours[1]),
          kind: reading.kind,
          rr: Array.from(rr),
          tags: pickTags(day, tagIds),
          device: 'Polar H10',
        },
        now,
      );
      added.readings++;
    }
    for (const [type, chance] of [
      ['biofeedback', BIOFEEDBACK_PER_DAY],
      ['mindfulness', MINDFULNESS_PER_DAY],
      ['self_compassion', SELF_COMPASSION_PER_DAY],
    ] as const) {
      if (day.next() >= chance) continue;
      await betweenRecordings(signal);
      await seedSession(db, scope, person, dayIndex, type, at(12, 22), day, now);
      added.sessions++;
    }
  }
  return added;
}

async function seedSession(
  db: Database,
  scope: { orgId: string; accountId: string },
  person: Person,
  dayIndex: number,
  type: SessionType,
  startedAt: Date,
  day: Random,
  now: Date,
) {
  const minutes = type === 'biofeedback' ? [5, 7, 10][Math.floor(day.next() * 3)]! : 5;
  const durationS = minutes * 60;
  const recording = dayRecording(person, dayIndex, { kind: type, durationS });
  const scores = optimalZoneScores(day, durationS, recording.quality);
  const names = SESSION_NAMES[type];
  await ingestSession(
    db,
    scope,
    {
      clientId: `demo-${type}-${dayIndex}`,
      type,
      startedAt,
      sessionName: names[Math.floor(day.next() * names.length)]!,
      breathsPerMinute: Math.round(recording.breathsPerMinute * 10) / 10,
      breathTime: type === 'biofeedback' ? PACED_BREATH_TIME : null,
      rr: Array.from(recording.rr),
      ...(type === 'biofeedback'
        ? { ozValues: scores.map((oz, i) => ({ oz, ts: (i + 1) * 5 })) }
        : { ozValues: scores, reportStartTime: startedAt.toISOString() }),
    },
    now,
  );
}

/**
 * Gives the event loop a turn, then stops if asked to. PGlite answers through promises alone, so
 * without this a seed would hold off timers (the data-dir lock's heartbeat) and signals to its end.
 */
async function betweenRecordings(signal: AbortSignal | undefined) {
  await nextTurn();
  signal?.throwIfAborted();
}

/** One or two breaks of 4–14 days (holidays, illness, a lapse) somewhere in the history. */
function plannedBreaks(random: Random): [number, number][] {
  const count = random.next() < 0.5 ? 1 : 2;
  return Array.from({ length: count }, () => {
    const from = Math.floor(random.uniform(10, HISTORY_DAYS - 20));
    return [from, from + Math.floor(random.uniform(4, 14))];
  });
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

/**
 * Synthetic people for tests and the demo seeder: baselines typical of their age and sex, and each
 * day's readings and sessions, whose RR series `generateRr` makes.
 */
import { createRandom, deriveSeed, type Random } from './random.ts';
import { generateRr, REST_BREATH_HZ } from './synthetic.ts';

/** Sex of a synthetic person, for the age-and-sex norms. */
export type Sex = 'male' | 'female';

/** Options of `createPerson`. */
export type PersonOptions = {
  seed: number;
  age: number;
  sex: Sex;
  /** Trains regularly, so HRV rises and resting HR falls over the months; default: 40 % do. */
  trains?: boolean;
};

/** A synthetic person's stable traits, from which every day's recordings derive. */
export type Person = {
  readonly seed: number;
  readonly age: number;
  readonly sex: Sex;
  readonly trains: boolean;
  /** Morning resting heart rate, bpm. */
  readonly restingHr: number;
  /** Morning RMSSD, ms. */
  readonly rmssd: number;
  /** Natural breathing rate at rest, breaths/min. */
  readonly breathsPerMinute: number;
  /** Mayer-wave frequency = baroreflex resonance, Hz (individual, 0.08–0.115). */
  readonly mayerHz: number;
  /** Mayer-wave amplitude relative to the RSA, which sets the resting LF/HF balance. */
  readonly mayerRatio: number;
  /** Ectopic beats per beat. */
  readonly ectopicRate: number;
  /** Breathing-session quality (0–1) at the start; practice raises it. */
  readonly skill: number;
  /** Period (days) and phase of a slow wander of HRV over weeks: seasons, workload, illness. */
  readonly wanderDays: number;
  readonly wanderPhase: number;
  /** Phase of the weekly rhythm (weekends differ from workdays). */
  readonly weekPhase: number;
};

// Population norms of short-term (5-min) HRV: RMSSD falls about 2.3 % a year, from ~55 ms at 25 to
// ~22 ms at 65 (Voss et al. 2015; Umetani et al. 1998), with a between-person SD of ~0.3 in
// ln RMSSD (Nunan et al. 2010). Women's resting HR is ~4 bpm higher; their HF share is higher and
// LF lower (Koenig & Thayer 2016), modelled as weaker Mayer waves relative to RSA.
const RMSSD_AT_25_MS = 55;
const RMSSD_DECLINE_PER_YEAR = 0.023;
const LN_RMSSD_SPREAD = 0.3;
const RESTING_HR = { male: 63, female: 67 } as const;
const RESTING_HR_SPREAD = 6;
const MAYER_RATIO = { male: 0.9, female: 0.75 } as const;

/** A person with baselines typical of their age and sex, varied by the seed. */
export function createPerson(options: PersonOptions): Person {
  const { seed, age, sex } = options;
  const random = createRandom(deriveSeed(seed));
  // Fitter people have both higher HRV and lower resting HR: one shared factor gives r ≈ −0.5.
  const fitness = random.normal();
  const hrOnly = random.normal();
  const trainsDraw = random.next();
  return {
    seed,
    age,
    sex,
    trains: options.trains ?? trainsDraw < 0.4,
    restingHr: RESTING_HR[sex] + RESTING_HR_SPREAD * (-0.5 * fitness + 0.87 * hrOnly),
    rmssd:
      RMSSD_AT_25_MS * Math.exp(-RMSSD_DECLINE_PER_YEAR * (age - 25) + LN_RMSSD_SPREAD * fitness),
    breathsPerMinute: Math.min(20, Math.max(10, 14 + 2 * random.normal())),
    mayerHz: random.uniform(0.08, 0.115),
    mayerRatio: MAYER_RATIO[sex] * Math.exp(0.2 * random.normal()),
    // Ectopics become more common with age; a few people have many (hence the log-normal spread).
    ectopicRate: 0.0005 * Math.exp((age - 40) / 20 + 0.8 * random.normal()),
    skill: random.uniform(0.3, 0.85),
    wanderDays: random.uniform(30, 120),
    wanderPhase: random.uniform(0, 2 * Math.PI),
    weekPhase: random.uniform(0, 2 * Math.PI),
  };
}

/** The app's reading and session kinds (session kinds as the database spells them). */
export type RecordingKind =
  'morning' | 'anytime' | 'biofeedback' | 'mindfulness' | 'self_compassion';

/** Options of `dayRecording`. */
export type DayRecordingOptions = {
  kind: RecordingKind;
  durationS: number;
  /**
   * Default: the person's natural rate that day for readings, 8–10 for mindfulness and
   * self-compassion, 6 (the pacer) for biofeedback.
   */
  breathsPerMinute?: number;
  /** Which recording of this kind on the day, from 0 (default), so two on one day differ. */
  sequence?: number;
  /** Overrides the person's ectopic rate, e.g. 0 for a clean series. */
  ectopicRate?: number;
};

/** One generated recording. */
export type DayRecording = {
  rr: Float64Array;
  breathsPerMinute: number;
  /** How steadily and deeply the person breathed, 0–1; feed it to `optimalZoneScores`. */
  quality: number;
};

// How each kind differs from the morning reading (taken lying or sitting just after waking):
// daytime readings follow activity, caffeine and stress; sessions are seated and calm. Drift is the
// VLF amplitude relative to the RSA, larger in the day from posture and movement.
const KINDS: Record<
  RecordingKind,
  { salt: number; hrDelta: number; rmssdFactor: number; driftRatio: number }
> = {
  morning: { salt: 1, hrDelta: 0, rmssdFactor: 1, driftRatio: 0.8 },
  anytime: { salt: 2, hrDelta: 9, rmssdFactor: 0.75, driftRatio: 1.2 },
  biofeedback: { salt: 3, hrDelta: 4, rmssdFactor: 0.9, driftRatio: 0.8 },
  mindfulness: { salt: 4, hrDelta: 3, rmssdFactor: 0.95, driftRatio: 0.8 },
  self_compassion: { salt: 5, hrDelta: 3, rmssdFactor: 0.95, driftRatio: 0.8 },
};
const DAY_STREAM = 1;
const RECORDING_STREAM = 2;
// Time constants of the slow changes: training effects on HRV build over ~4 months, breathing
// practice improves over ~3.
const TRAINING_DAYS = 120;
const PRACTICE_DAYS = 90;
// Share of RMSSD that is beat-to-beat noise rather than RSA or Mayer waves.
const NOISE_SHARE = 0.2;

/**
 * RSA, Mayer and noise amplitudes whose successive differences give `rmssd` at 15 breaths/min: a
 * sinusoid of amplitude A at f Hz sampled every T s has RMSSD √2·A·sin(πfT), white noise √2·σ.
 */
function amplitudesFor(rmssd: number, meanRrMs: number, mayerHz: number, mayerRatio: number) {
  const beatS = meanRrMs / 1000;
  const breathTerm = Math.sin(Math.PI * REST_BREATH_HZ * beatS);
  const mayerTerm = mayerRatio * Math.sin(Math.PI * mayerHz * beatS);
  const noiseMs = NOISE_SHARE * rmssd;
  const oscillation = rmssd * rmssd - 2 * noiseMs * noiseMs;
  const rsaAmplitudeMs = Math.sqrt(oscillation / (2 * (breathTerm ** 2 + mayerTerm ** 2)));
  return { rsaAmplitudeMs, mayerAmplitudeMs: mayerRatio * rsaAmplitudeMs, noiseMs };
}

/**
 * The person's recording of `kind` on day `dayIndex` (0 = first day). Days vary log-normally (a
 * good or bad day moves HRV and HR together), with a weekly rhythm, a wander over weeks and, for
 * people who train, a slow improvement; the same person, day and options give the same recording.
 */
export function dayRecording(
  person: Person,
  dayIndex: number,
  options: DayRecordingOptions,
): DayRecording {
  const { kind, durationS, sequence = 0 } = options;
  const effects = KINDS[kind];
  const days = Math.max(0, dayIndex);

  const day = createRandom(deriveSeed(person.seed, DAY_STREAM, dayIndex));
  const readiness = day.normal();
  const training = person.trains ? 1 - Math.exp(-days / TRAINING_DAYS) : 0;
  const dayLnRmssd =
    Math.log(person.rmssd) +
    0.15 * training +
    0.06 * Math.sin((2 * Math.PI * dayIndex) / person.wanderDays + person.wanderPhase) +
    0.03 * Math.cos((2 * Math.PI * dayIndex) / 7 + person.weekPhase) +
    0.08 * readiness;
  const dayHr = person.restingHr - 3 * training + 1.5 * (-0.6 * readiness + 0.8 * day.normal());
  const dayBreathing = person.breathsPerMinute + 0.7 * day.normal();

  const recordingSeed = deriveSeed(person.seed, RECORDING_STREAM, dayIndex, effects.salt, sequence);
  const recording = createRandom(recordingSeed);
  const meanHr = dayHr + effects.hrDelta + 1.5 * recording.normal();
  const rmssd = Math.exp(dayLnRmssd + 0.05 * recording.normal()) * effects.rmssdFactor;
  const practice = 1 - Math.exp(-days / PRACTICE_DAYS);
  const quality = Math.min(
    1,
    Math.max(0, person.skill + 0.5 * (1 - person.skill) * practice + 0.1 * recording.normal()),
  );
  const mindfulRate = recording.uniform(8, 10);
  const mindful = kind === 'mindfulness' || kind === 'self_compassion';
  const breathsPerMinute =
    options.breathsPerMinute ?? (kind === 'biofeedback' ? 6 : mindful ? mindfulRate : dayBreathing);
  // Following a pacer well means regular and deep breaths: a narrow, tall respiratory peak.
  const breathingJitter =
    kind === 'biofeedback' ? 0.01 + 0.05 * (1 - quality) : mindful ? 0.06 : 0.1;
  const depth = kind === 'biofeedback' ? 0.7 + 0.6 * quality : 1;

  const amplitudes = amplitudesFor(rmssd, 60000 / meanHr, person.mayerHz, person.mayerRatio);
  const rr = generateRr({
    seed: deriveSeed(recordingSeed),
    durationS,
    meanHr,
    rsaAmplitudeMs: depth * amplitudes.rsaAmplitudeMs,
    breathsPerMinute,
    breathingJitter,
    mayerAmplitudeMs: amplitudes.mayerAmplitudeMs,
    mayerHz: person.mayerHz,
    driftAmplitudeMs: effects.driftRatio * amplitudes.rsaAmplitudeMs,
    noiseMs: amplitudes.noiseMs,
    ectopicRate: options.ectopicRate ?? person.ectopicRate,
  });
  return { rr, breathsPerMinute, quality };
}

/**
 * Optimal-zone scores (0–100, one per `intervalS` s) of a breathing session of `quality` 0–1: a
 * level set by the quality, built up over the first minute, with slow lapses and recoveries.
 */
export function optimalZoneScores(
  random: Random,
  durationS: number,
  quality: number,
  intervalS = 5,
): number[] {
  const count = Math.max(0, Math.floor(durationS / intervalS));
  const level = 15 + 80 * quality;
  // AR(1) wander with a 20 s time constant and SD 10: attention drifts over tens of seconds, not
  // from one sample to the next.
  const persistence = Math.exp(-intervalS / 20);
  const innovation = 10 * Math.sqrt(1 - persistence * persistence);
  const scores: number[] = [];
  let wander = 0;
  for (let k = 1; k <= count; k++) {
    wander = persistence * wander + innovation * random.normal();
    // Scores climb over the first minute while breathing settles and the analysis window fills.
    const settled = Math.min(1, 0.3 + (0.7 * k * intervalS) / 60);
    scores.push(Math.round(Math.min(100, Math.max(0, level * settled + wander))));
  }
  return scores;
}

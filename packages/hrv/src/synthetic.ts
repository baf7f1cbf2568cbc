/**
 * Deterministic synthetic RR series for tests, the benchmark and the demo seeder. The instantaneous
 * RR interval is a continuous function of time (base + respiratory sinus arrhythmia + Mayer waves +
 * VLF drift + beat-to-beat noise) sampled at each beat, t[k+1] = t[k] + rr(t[k]), as the heart
 * samples its autonomic input once per beat.
 */
import { createRandom, deriveSeed, type Random } from './random.ts';
import { MAX_RR_MS, MIN_RR_MS } from './rr-range.ts';

/** Options of `generateRr`; the amplitudes (ms) are those of sinusoids, half peak-to-trough. */
export type RrOptions = {
  /** The same seed and options give the same series. */
  seed: number;
  /** The intervals sum to at most this many seconds, and to within one beat of it. */
  durationS: number;
  /** Mean heart rate, 60000 / mean RR; default 65 bpm. */
  meanHr?: number;
  /**
   * Respiratory sinus arrhythmia at 15 breaths/min; breathing nearer the baroreflex resonance
   * amplifies it. Default 40.
   */
  rsaAmplitudeMs?: number;
  /** Default 15 breaths/min, spontaneous breathing at rest. */
  breathsPerMinute?: number;
  /**
   * Half-width of the respiratory spectral peak as a share of the breathing frequency: 0.1
   * (default) for spontaneous breathing, about 0.02 when following a pacer.
   */
  breathingJitter?: number;
  /** Mayer waves, the baroreflex's own oscillation; default 20. */
  mayerAmplitudeMs?: number;
  /** Frequency of the Mayer waves, which is also the baroreflex resonance; default 0.1 Hz. */
  mayerHz?: number;
  /** VLF drift (0.0033–0.04 Hz), as the amplitude of one sinusoid of equal power; default 20. */
  driftAmplitudeMs?: number;
  /** Standard deviation of beat-to-beat white noise; default 6. */
  noiseMs?: number;
  /** Chance per beat of an ectopic beat (a short–long pair); default 0.002, 0 gives none. */
  ectopicRate?: number;
  /** Round to whole ms, as devices report RR; default true. */
  round?: boolean;
};

// RSA amplitudes are quoted at this breathing frequency (15/min, spontaneous breathing at rest).
export const REST_BREATH_HZ = 0.25;
// Mayer waves are not a clean tone but wander over the LF band; this half-width gives their peak.
const MAYER_HALF_WIDTH_HZ = 0.01;
// Breathing at the baroreflex resonance (~0.1 Hz, 6/min) makes the heart-rate oscillation several
// times larger than at 15/min (Vaschillo et al. 2002; Lehrer et al. 2000). The gain is modelled as
// a Lorentzian around the Mayer-wave frequency: peak gain 4 over the baseline, half-width 0.03 Hz,
// so 8–10 breaths/min (mindfulness) already gains about 1.5-fold.
const RESONANCE_PEAK_GAIN = 4;
const RESONANCE_HALF_WIDTH_HZ = 0.03;
const VLF_LOW_HZ = 0.0033;
const VLF_HIGH_HZ = 0.04;
const DRIFT_COMPONENTS = 3;
// Salt of the ectopic-beat stream: apart from the sinus rhythm's, so the same seed gives the same
// underlying series with or without ectopics (what artifact-correction tests compare against).
const ECTOPIC_STREAM = 1;

/** 1 when breathing at the baroreflex resonance, ½ one half-width away, → 0 far from it. */
function resonance(breathHz: number, mayerHz: number): number {
  const offset = (breathHz - mayerHz) / RESONANCE_HALF_WIDTH_HZ;
  return 1 / (1 + offset * offset);
}

/** How much the RSA at `breathHz` exceeds the RSA at 15 breaths/min. */
function rsaGain(breathHz: number, mayerHz: number): number {
  const gain = (hz: number) => 1 + (RESONANCE_PEAK_GAIN - 1) * resonance(hz, mayerHz);
  return gain(breathHz) / gain(REST_BREATH_HZ);
}

/**
 * Turns random beats into ectopic pairs: a premature interval, then a compensatory pause ending
 * where the normal pair would have (the full compensatory pause of most ventricular ectopics), so
 * every later beat keeps its time.
 */
function insertEctopics(rr: Float64Array, random: Random, rate: number): void {
  for (let i = 0; i + 1 < rr.length; i++) {
    if (random.next() >= rate) continue;
    const pair = rr[i]! + rr[i + 1]!;
    rr[i] = rr[i]! * random.uniform(0.55, 0.75);
    rr[i + 1] = pair - rr[i]!;
    i++;
  }
}

/** Rounds beat times, not intervals, to whole ms, so rounding errors cannot add up. */
function roundBeatTimes(rr: Float64Array): Float64Array {
  let time = 0;
  let previous = 0;
  for (let i = 0; i < rr.length; i++) {
    time += rr[i]!;
    const rounded = Math.round(time);
    rr[i] = rounded - previous;
    previous = rounded;
  }
  return rr;
}

/** A synthetic RR series in ms (see `RrOptions`); deterministic for a given seed. */
export function generateRr(options: RrOptions): Float64Array {
  const {
    seed,
    durationS,
    meanHr = 65,
    rsaAmplitudeMs = 40,
    breathsPerMinute = 15,
    breathingJitter = 0.1,
    mayerAmplitudeMs = 20,
    mayerHz = 0.1,
    driftAmplitudeMs = 20,
    noiseMs = 6,
    ectopicRate = 0.002,
    round = true,
  } = options;
  if (!(durationS > 0) || !(meanHr > 0) || !(breathsPerMinute > 0) || !(mayerHz > 0)) {
    throw new RangeError('durationS, meanHr, breathsPerMinute and mayerHz must be positive');
  }
  const random = createRandom(seed);
  const breathHz = breathsPerMinute / 60;
  const rsa = rsaAmplitudeMs * rsaGain(breathHz, mayerHz);
  // Near resonance breathing entrains the baroreflex oscillation, so the Mayer wave no longer runs
  // on its own rhythm: its power moves into the (larger) respiratory peak.
  const mayer = mayerAmplitudeMs * (1 - resonance(breathHz, mayerHz));
  // A phase random walk with diffusion D spreads a sinusoid into a Lorentzian peak of half-width
  // D / 4π Hz: irregular breathing and wandering Mayer waves broaden their peaks, a pacer does not.
  const breathSpread = Math.sqrt(4 * Math.PI * breathingJitter * breathHz);
  const mayerSpread = Math.sqrt(4 * Math.PI * MAYER_HALF_WIDTH_HZ);
  const breathOmega = 2 * Math.PI * breathHz;
  const mayerOmega = 2 * Math.PI * mayerHz;
  let breathPhase = random.uniform(0, 2 * Math.PI);
  let mayerPhase = random.uniform(0, 2 * Math.PI);

  // VLF drift (thermoregulation, hormonal and postural shifts): a few slow sinusoids at log-uniform
  // frequencies with power ∝ 1/f, as HRV's VLF band falls off.
  const driftOmega = new Float64Array(DRIFT_COMPONENTS);
  const driftAmplitude = new Float64Array(DRIFT_COMPONENTS);
  const driftPhase = new Float64Array(DRIFT_COMPONENTS);
  let driftPower = 0;
  for (let i = 0; i < DRIFT_COMPONENTS; i++) {
    const hz = VLF_LOW_HZ * (VLF_HIGH_HZ / VLF_LOW_HZ) ** random.next();
    driftOmega[i] = 2 * Math.PI * hz;
    driftPhase[i] = random.uniform(0, 2 * Math.PI);
    driftPower += 1 / hz;
  }
  const driftScale = driftAmplitudeMs / Math.sqrt(driftPower);
  for (let i = 0; i < DRIFT_COMPONENTS; i++) {
    driftAmplitude[i] = driftScale * Math.sqrt((2 * Math.PI) / driftOmega[i]!);
  }

  const base = 60000 / meanHr;
  const durationMs = durationS * 1000;
  const rr = new Float64Array(Math.ceil(durationMs / MIN_RR_MS));
  let count = 0;
  let elapsedMs = 0;
  for (;;) {
    const t = elapsedMs / 1000;
    let value =
      base + rsa * Math.sin(breathPhase) + mayer * Math.sin(mayerPhase) + noiseMs * random.normal();
    for (let i = 0; i < DRIFT_COMPONENTS; i++) {
      value += driftAmplitude[i]! * Math.sin(driftOmega[i]! * t + driftPhase[i]!);
    }
    // Within the physiological range, so extreme options or noise cannot produce impossible beats.
    value = Math.min(MAX_RR_MS, Math.max(MIN_RR_MS, value));
    if (elapsedMs + value > durationMs) break;
    rr[count++] = value;
    elapsedMs += value;
    const dt = value / 1000;
    const sqrtDt = Math.sqrt(dt);
    breathPhase += breathOmega * dt + breathSpread * sqrtDt * random.normal();
    mayerPhase += mayerOmega * dt + mayerSpread * sqrtDt * random.normal();
  }

  const series = rr.slice(0, count);
  if (ectopicRate > 0) {
    insertEctopics(series, createRandom(deriveSeed(seed, ECTOPIC_STREAM)), ectopicRate);
  }
  return round ? roundBeatTimes(series) : series;
}

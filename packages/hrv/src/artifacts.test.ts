import { describe, expect, it } from 'vitest';
import { cleanRr, type ArtifactCounts } from './artifacts.ts';
import { frequencyDomain } from './frequency-domain.ts';
import { createRandom, type Random } from './random.ts';
import { generateRr } from './synthetic.ts';
import { timeDomain } from './time-domain.ts';

/** A clean 5-minute recording (whole ms, no ectopic beats) at a heart rate that varies by seed. */
const HEART_RATES = [55, 62, 70, 78];
const clean = (seed: number) =>
  Array.from(generateRr({ seed, durationS: 300, meanHr: HEART_RATES[seed % 4], ectopicRate: 0 }));

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0);
const NONE: ArtifactCounts = { outOfRange: 0, ectopic: 0, missed: 0, extra: 0, longShort: 0 };

type Kind = 'ectopic' | 'missed' | 'extra' | 'long' | 'short' | 'outOfRange';
const KINDS: Kind[] = ['ectopic', 'missed', 'extra', 'long', 'short', 'outOfRange'];

/**
 * Puts one artifact of `kind` at beat j, in place:
 * - ectopic: a premature beat, 25–40 % early, with its compensatory pause (the pair keeps its sum);
 * - missed: two intervals detected as one;
 * - extra: one interval split in two unequal parts (35–45 % or 55–65 %; a part under 300 ms is
 *   left to the out-of-range step);
 * - long, short: one interval 30–45 % longer or 30–40 % shorter, with no partner;
 * - outOfRange: a spurious detection 100–250 ms after a beat, or three intervals as one (> 2 s).
 */
function inject(rr: number[], kind: Kind, j: number, random: Random): void {
  const value = rr[j]!;
  if (kind === 'ectopic') {
    const early = random.uniform(0.25, 0.4) * value;
    rr[j] = value - early;
    rr[j + 1]! += early;
  } else if (kind === 'missed') rr.splice(j, 2, value + rr[j + 1]!);
  else if (kind === 'extra') {
    const part =
      (random.next() < 0.5 ? random.uniform(0.35, 0.45) : random.uniform(0.55, 0.65)) * value;
    rr.splice(j, 1, part, value - part);
  } else if (kind === 'long') rr[j] = value * random.uniform(1.3, 1.45);
  else if (kind === 'short') rr[j] = value * random.uniform(0.6, 0.7);
  else if (random.next() < 0.5) {
    const spurious = random.uniform(100, 250);
    rr.splice(j, 1, spurious, value - spurious);
  } else rr.splice(j, 3, value + rr[j + 1]! + rr[j + 2]!);
}

/** `rate` of the beats made artifacts of `kind` (or of every kind: 'mix'), 4+ beats apart. */
function withArtifacts(rr: number[], kind: Kind | 'mix', rate: number, seed: number): number[] {
  const random = createRandom(seed * 7919 + 13);
  const count = Math.max(1, Math.round(rate * rr.length));
  const positions = new Set<number>();
  while (positions.size < count) {
    const j = 3 + Math.floor(random.next() * (rr.length - 6));
    if ([...positions].every((other) => Math.abs(other - j) >= 4)) positions.add(j);
  }
  const result = [...rr];
  // From the last position back, so that merges and splits do not move the ones still to come.
  for (const j of [...positions].sort((a, b) => b - a)) {
    inject(
      result,
      kind === 'mix' ? KINDS[Math.floor(random.next() * KINDS.length)]! : kind,
      j,
      random,
    );
  }
  return result;
}

describe('cleanRr on clean recordings', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('corrects nothing (seed %i)', (seed) => {
    const rr = clean(seed);
    const cleaned = cleanRr(rr);
    expect(cleaned.corrected).toBe(0);
    expect(cleaned.artifactPercent).toBe(0);
    expect(cleaned.artifacts).toEqual(NONE);
    expect(Array.from(cleaned.nn)).toEqual(rr);
  });
});

describe('cleanRr on one artifact', () => {
  const J = 150;
  const rr = clean(3); // 78 bpm: about 770 ms
  const near = (values: ArrayLike<number>, expected: number[], from: number, tolerance: number) =>
    expected.forEach((value, k) =>
      expect(Math.abs(values[from + k]! - value)).toBeLessThan(tolerance),
    );
  /** Everything but intervals [from, to) of the cleaned series equals the clean series. */
  const untouchedOutside = (nn: Float64Array, from: number, to: number) => {
    expect(nn.length).toBe(rr.length);
    expect(Array.from(nn.subarray(0, from))).toEqual(rr.slice(0, from));
    expect(Array.from(nn.subarray(to))).toEqual(rr.slice(to));
  };

  it('splits an ectopic pair anew, keeping its sum', () => {
    const bad = [...rr];
    bad[J] = rr[J]! * 0.7;
    bad[J + 1] = rr[J + 1]! + rr[J]! * 0.3;
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, ectopic: 1 });
    expect(cleaned.corrected).toBe(2);
    untouchedOutside(cleaned.nn, J, J + 2);
    expect(cleaned.nn[J]! + cleaned.nn[J + 1]!).toBe(bad[J]! + bad[J + 1]!);
    near(cleaned.nn, [rr[J]!, rr[J + 1]!], J, 40);
  });

  it('splits a missed beat in two, keeping its sum', () => {
    const bad = [...rr];
    bad.splice(J, 2, rr[J]! + rr[J + 1]!);
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, missed: 1 });
    expect(cleaned.corrected).toBe(1);
    untouchedOutside(cleaned.nn, J, J + 2);
    expect(cleaned.nn[J]! + cleaned.nn[J + 1]!).toBe(rr[J]! + rr[J + 1]!);
    near(cleaned.nn, [rr[J]!, rr[J + 1]!], J, 40);
  });

  it.each([0.4, 0.6])('merges an extra beat (split at %f) back', (share) => {
    const bad = [...rr];
    bad.splice(J, 1, share * rr[J]!, (1 - share) * rr[J]!);
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, extra: 1 });
    expect(cleaned.corrected).toBe(2);
    expect(Array.from(cleaned.nn)).toEqual(rr);
  });

  it.each([
    ['long', 1.4],
    ['short', 0.65],
  ])('interpolates a %s interval', (_name, factor) => {
    const bad = [...rr];
    bad[J] = Math.round(rr[J]! * factor);
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, longShort: 1 });
    expect(cleaned.corrected).toBe(1);
    untouchedOutside(cleaned.nn, J, J + 1);
    near(cleaned.nn, [rr[J]!], J, 40);
  });

  it('merges a spurious detection under 300 ms with the interval it split', () => {
    const bad = [...rr];
    bad.splice(J, 1, 180, rr[J]! - 180);
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, outOfRange: 1 });
    expect(cleaned.corrected).toBe(2);
    expect(Array.from(cleaned.nn)).toEqual(rr);
  });

  it('cuts an interval over 2000 ms into the beats it hides, keeping its sum', () => {
    const bad = [...rr];
    const total = rr[J]! + rr[J + 1]! + rr[J + 2]!;
    bad.splice(J, 3, total);
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, outOfRange: 1 });
    expect(cleaned.corrected).toBe(1);
    untouchedOutside(cleaned.nn, J, J + 3);
    expect(sum(cleaned.nn.subarray(J, J + 3))).toBe(total);
    near(cleaned.nn, rr.slice(J, J + 3), J, 60);
  });

  it('drops values that carry no time, and a gap over 10 s', () => {
    const bad = [...rr];
    bad.splice(J, 0, Number.NaN, -5, 0, Infinity);
    bad.splice(20, 0, 15_000);
    const cleaned = cleanRr(bad);
    expect(cleaned.artifacts).toEqual({ ...NONE, outOfRange: 5 });
    expect(cleaned.corrected).toBe(5);
    expect(Array.from(cleaned.nn)).toEqual(rr);
  });
});

describe('cleanRr keeps the time base', () => {
  // Corrections move time between intervals but keep the total; only a lone long or short
  // interval, which has no partner to hand its excess to, changes it: back to the clean total.
  it.each(KINDS)('%s at 5 %', (kind) => {
    for (const seed of [1, 2, 3]) {
      const rr = clean(seed);
      const bad = withArtifacts(rr, kind, 0.05, seed);
      const { nn } = cleanRr(bad);
      expect(nn.every((value) => value >= 300 && value <= 2000)).toBe(true);
      if (kind === 'long' || kind === 'short') {
        expect(Math.abs(sum(nn) - sum(rr))).toBeLessThan(0.001 * sum(rr));
      } else expect(sum(nn)).toBeCloseTo(sum(bad), 6);
    }
  });
});

describe('cleanRr on short or degenerate input', () => {
  it.each([
    ['empty', [], []],
    ['one beat', [1000], [1000]],
    ['under 11 beats, out-of-range values dropped', [800, 250, 810, 2500, 790], [800, 810, 790]],
    ['10 beats, passed through', [800, 900, 700, 1200, 800, 810, 790, 805, 800, 815], null],
    ['zeros', [0, 0, 0, 0, 0, 0, 0, 0], []],
    ['huge', [1e9, 1e9, 1e9], []],
  ])('%s', (_name, rr, expected) => {
    const cleaned = cleanRr(rr);
    expect(Array.from(cleaned.nn)).toEqual(expected ?? rr);
    expect(cleaned.corrected).toBe(rr.length - (expected ?? rr).length);
    expect(Number.isFinite(cleaned.artifactPercent)).toBe(true);
  });

  it('never lets NaN or Infinity out of a noisy series', () => {
    const random = createRandom(99);
    const rr = Array.from({ length: 400 }, () =>
      random.next() < 0.2 ? random.uniform(-100, 5000) : random.uniform(600, 1000),
    );
    const { nn, artifactPercent } = cleanRr(rr);
    expect(nn.length).toBeGreaterThan(0);
    expect(nn.every((value) => value >= 300 && value <= 2000)).toBe(true);
    expect(Number.isFinite(artifactPercent)).toBe(true);
  });

  it('treats a constant series with one spike as one long interval', () => {
    const rr = Array.from({ length: 60 }, () => 800);
    rr[30] = 1100;
    const cleaned = cleanRr(rr);
    expect(cleaned.artifacts).toEqual({ ...NONE, longShort: 1 });
    expect(Array.from(cleaned.nn)).toEqual(Array.from({ length: 60 }, () => 800));
  });
});

/**
 * The HRV issue's accuracy goal: with 1–5 % artifacts of every type injected into a clean series,
 * RMSSD and SDNN of the corrected series within 10 % and the band powers within 20 % of the clean
 * series' values. LF and HF are compared with the default smoothness-priors detrending and without;
 * VLF without, as smoothness priors (λ = 500) leaves a 5-minute series 2–40 ms² of it, whose
 * relative error means nothing. Over seeds 1–30, 8 of the 630 cases exceed a band bound, by up to
 * 5.4 points (lone long/short intervals and out-of-range runs at 3–5 % in series of slow heart rate
 * or little LF power): there each interpolated beat is off by about 20 ms RMS, whichever
 * interpolator, and the same error on random beats moves the bands as much.
 */
describe('cleanRr accuracy', () => {
  const SEEDS = [1, 2, 3, 4, 5];
  const relative = (got: number | null, want: number | null) => Math.abs(got! / want! - 1);
  const errors = (nn: ArrayLike<number>, reference: ArrayLike<number>) => {
    const [time, time0] = [timeDomain(nn), timeDomain(reference)];
    const [smooth, smooth0] = [frequencyDomain(nn), frequencyDomain(reference)];
    const none = { detrend: 'none' } as const;
    const [raw, raw0] = [frequencyDomain(nn, none), frequencyDomain(reference, none)];
    return {
      rmssd: relative(time.rmssd, time0.rmssd),
      sdnn: relative(time.sdnn, time0.sdnn),
      vlf: relative(raw.vlf, raw0.vlf),
      lf: Math.max(relative(smooth.lf, smooth0.lf), relative(raw.lf, raw0.lf)),
      hf: Math.max(relative(smooth.hf, smooth0.hf), relative(raw.hf, raw0.hf)),
    };
  };

  it.each(
    [...KINDS, 'mix' as const].flatMap((kind) =>
      [0.01, 0.03, 0.05].map((rate) => [kind, rate] as const),
    ),
  )('%s at %f', (kind, rate) => {
    for (const seed of SEEDS) {
      const rr = clean(seed);
      const bad = withArtifacts(rr, kind, rate, seed);
      const cleaned = cleanRr(bad);
      const error = errors(cleaned.nn, rr);
      const context = `seed ${seed}: ${JSON.stringify(error)}`;
      expect(error.rmssd, context).toBeLessThan(0.1);
      expect(error.sdnn, context).toBeLessThan(0.1);
      expect(error.vlf, context).toBeLessThan(0.2);
      expect(error.lf, context).toBeLessThan(0.2);
      expect(error.hf, context).toBeLessThan(0.2);
      // Uncorrected, the same artifacts break the goal: the test measures the correction.
      const uncorrected = errors(bad, rr);
      expect(Math.max(uncorrected.rmssd, uncorrected.sdnn), context).toBeGreaterThan(0.1);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { coherenceRatio } from './coherence.ts';
import { frequencyDomain, powerSpectrum } from './frequency-domain.ts';
import { createRandom, deriveSeed } from './random.ts';
import {
  createPerson,
  dayRecording,
  optimalZoneScores,
  type Person,
  type Sex,
} from './synthetic-person.ts';
import { generateRr } from './synthetic.ts';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

function rmssd(rr: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 1; i < rr.length; i++) sum += (rr[i]! - rr[i - 1]!) ** 2;
  return Math.sqrt(sum / (rr.length - 1));
}

function sexOf(seed: number): Sex {
  return seed % 2 === 0 ? 'female' : 'male';
}

describe('createRandom', () => {
  it('repeats its stream for a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(deriveSeed(42, 1, 2)).toBe(deriveSeed(42, 1, 2));
    expect(deriveSeed(42, 1, 2)).not.toBe(deriveSeed(42, 2, 1));
  });

  it('draws uniforms in [0, 1) and standard normals', () => {
    const random = createRandom(7);
    const uniforms = Array.from({ length: 20000 }, () => random.next());
    expect(Math.min(...uniforms)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniforms)).toBeLessThan(1);
    expect(mean(uniforms)).toBeCloseTo(0.5, 2);
    const normals = Array.from({ length: 20000 }, () => random.normal());
    const normalMean = mean(normals);
    expect(Math.abs(normalMean)).toBeLessThan(0.03);
    expect(Math.sqrt(mean(normals.map((x) => (x - normalMean) ** 2)))).toBeCloseTo(1, 1);
  });
});

describe('generateRr', () => {
  it('gives the same series for a seed and a different one for another seed', () => {
    const first = generateRr({ seed: 11, durationS: 300 });
    expect(generateRr({ seed: 11, durationS: 300 })).toEqual(first);
    expect(generateRr({ seed: 12, durationS: 300 })).not.toEqual(first);
  });

  it('fills the requested duration to within one beat, in whole ms unless asked not to', () => {
    for (const durationS of [60, 300, 1200]) {
      for (const seed of SEEDS) {
        const rr = generateRr({ seed, durationS });
        const totalMs = mean(rr) * rr.length;
        expect(totalMs).toBeLessThanOrEqual(durationS * 1000);
        expect(totalMs).toBeGreaterThan(durationS * 1000 - Math.max(...rr));
        expect(rr.every(Number.isInteger)).toBe(true);
      }
    }
    const unrounded = generateRr({ seed: 1, durationS: 300, round: false });
    expect(unrounded.every(Number.isInteger)).toBe(false);
  });

  it('has the requested mean heart rate', () => {
    for (const meanHr of [50, 70, 95]) {
      const rates = SEEDS.map(
        (seed) => 60000 / mean(generateRr({ seed, durationS: 300, meanHr, ectopicRate: 0 })),
      );
      for (const rate of rates) expect(Math.abs(rate - meanHr)).toBeLessThan(2.5);
      expect(Math.abs(mean(rates) - meanHr)).toBeLessThan(1);
    }
  });

  it('stays within 300–2000 ms without ectopics', () => {
    for (const meanHr of [40, 65, 110]) {
      for (const seed of SEEDS) {
        const rr = generateRr({
          seed,
          durationS: 300,
          meanHr,
          rsaAmplitudeMs: 120,
          driftAmplitudeMs: 80,
          noiseMs: 20,
          ectopicRate: 0,
        });
        expect(Math.min(...rr)).toBeGreaterThanOrEqual(300);
        expect(Math.max(...rr)).toBeLessThanOrEqual(2000);
      }
    }
  });

  it('turns beats of the same series into short–long pairs that keep the later beat times', () => {
    let pairs = 0;
    for (const seed of SEEDS) {
      const clean = generateRr({ seed, durationS: 300, ectopicRate: 0 });
      const ectopic = generateRr({ seed, durationS: 300, ectopicRate: 0.02 });
      expect(ectopic.length).toBe(clean.length);
      for (let i = 0; i < clean.length; i++) {
        if (ectopic[i] === clean[i]) continue;
        // A premature beat, then a compensatory pause: the pair spans two normal intervals.
        expect(ectopic[i]!).toBeLessThan(0.8 * clean[i]!);
        expect(ectopic[i + 1]!).toBeGreaterThan(1.2 * clean[i + 1]!);
        expect(Math.abs(ectopic[i]! + ectopic[i + 1]! - clean[i]! - clean[i + 1]!)).toBeLessThan(2);
        pairs++;
        i++;
      }
    }
    // 0.02 per beat over 8 × ~350 beats: about 55 expected.
    expect(pairs).toBeGreaterThan(25);
    expect(pairs).toBeLessThan(100);
  });

  it('rejects a non-positive duration or heart rate', () => {
    expect(() => generateRr({ seed: 1, durationS: 0 })).toThrow(RangeError);
    expect(() => generateRr({ seed: 1, durationS: 60, meanHr: -5 })).toThrow(RangeError);
  });
});

describe('createPerson and dayRecording', () => {
  const morningRmssd = (person: Person, dayIndex: number) =>
    rmssd(dayRecording(person, dayIndex, { kind: 'morning', durationS: 300, ectopicRate: 0 }).rr);

  it('gives the same recording for the same person, day and options, and others otherwise', () => {
    const person = createPerson({ seed: 3, age: 40, sex: 'female' });
    const options = { kind: 'morning', durationS: 120 } as const;
    const rr = dayRecording(person, 5, options).rr;
    expect(dayRecording(createPerson({ seed: 3, age: 40, sex: 'female' }), 5, options).rr).toEqual(
      rr,
    );
    expect(dayRecording(person, 6, options).rr).not.toEqual(rr);
    expect(dayRecording(person, 5, { ...options, sequence: 1 }).rr).not.toEqual(rr);
    expect(dayRecording(person, 5, { ...options, kind: 'anytime' }).rr).not.toEqual(rr);
  });

  it('gives a 25-year-old a clearly higher RMSSD than a 65-year-old', () => {
    const average = (age: number) =>
      mean(SEEDS.map((seed) => morningRmssd(createPerson({ seed, age, sex: sexOf(seed) }), 0)));
    expect(average(25)).toBeGreaterThan(1.8 * average(65));
  });

  it('draws baselines from age norms, and morning readings reproduce them', () => {
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const people = (age: number) =>
      Array.from({ length: 201 }, (_, seed) => createPerson({ seed, age, sex: sexOf(seed) }));
    // About 50–60 ms in the twenties, 20–25 ms in the sixties.
    expect(median(people(25).map((person) => person.rmssd))).toBeGreaterThan(48);
    expect(median(people(25).map((person) => person.rmssd))).toBeLessThan(62);
    expect(median(people(65).map((person) => person.rmssd))).toBeGreaterThan(18);
    expect(median(people(65).map((person) => person.rmssd))).toBeLessThan(26);
    const ratios = SEEDS.map((seed) => {
      const person = createPerson({ seed, age: 45, sex: sexOf(seed) });
      return morningRmssd(person, 0) / person.rmssd;
    });
    for (const ratio of ratios) expect(Math.abs(Math.log(ratio))).toBeLessThan(0.35);
    expect(Math.abs(mean(ratios.map(Math.log)))).toBeLessThan(0.1);
  });

  it('gives women a higher resting heart rate than men on average', () => {
    const seeds = Array.from({ length: 200 }, (_, i) => i);
    const restingHr = (sex: Sex) =>
      mean(
        seeds.map(
          (seed) =>
            createPerson({ seed: seed * 2 + (sex === 'male' ? 1 : 0), age: 40, sex }).restingHr,
        ),
      );
    expect(restingHr('female') - restingHr('male')).toBeGreaterThan(2);
  });

  it('has higher heart rate and lower RMSSD in anytime readings than in morning ones', () => {
    const morning = { hr: [] as number[], rmssd: [] as number[] };
    const anytime = { hr: [] as number[], rmssd: [] as number[] };
    for (const seed of SEEDS) {
      const person = createPerson({ seed, age: 35, sex: sexOf(seed) });
      for (const [kind, into] of [
        ['morning', morning],
        ['anytime', anytime],
      ] as const) {
        const { rr } = dayRecording(person, 10, { kind, durationS: 300, ectopicRate: 0 });
        into.hr.push(60000 / mean(rr));
        into.rmssd.push(rmssd(rr));
      }
    }
    expect(mean(anytime.hr)).toBeGreaterThan(mean(morning.hr) + 5);
    expect(mean(anytime.rmssd)).toBeLessThan(0.85 * mean(morning.rmssd));
  });

  it('raises the HRV of people who train over the months', () => {
    // The same seeds with and without training share every other day-to-day variation.
    const growth = (trains: boolean) =>
      mean(
        SEEDS.map((seed) => {
          const person = createPerson({ seed, age: 45, sex: sexOf(seed), trains });
          const early = mean([0, 1, 2, 3, 4].map((day) => morningRmssd(person, day)));
          const late = mean([240, 241, 242, 243, 244].map((day) => morningRmssd(person, day)));
          return late / early;
        }),
      );
    expect(growth(true) / growth(false)).toBeGreaterThan(1.08);
  });

  it('breathes naturally in readings, 8–10/min in mindfulness, at the pacer in biofeedback', () => {
    const person = createPerson({ seed: 9, age: 30, sex: 'male' });
    const reading = dayRecording(person, 0, { kind: 'morning', durationS: 60 });
    expect(reading.breathsPerMinute).toBeGreaterThanOrEqual(8);
    expect(reading.breathsPerMinute).toBeLessThanOrEqual(22);
    const mindfulness = dayRecording(person, 0, { kind: 'mindfulness', durationS: 60 });
    expect(mindfulness.breathsPerMinute).toBeGreaterThanOrEqual(8);
    expect(mindfulness.breathsPerMinute).toBeLessThanOrEqual(10);
    expect(dayRecording(person, 0, { kind: 'biofeedback', durationS: 60 }).breathsPerMinute).toBe(
      6,
    );
    const paced = dayRecording(person, 0, {
      kind: 'biofeedback',
      durationS: 60,
      breathsPerMinute: 5.5,
    });
    expect(paced.breathsPerMinute).toBe(5.5);
    expect(paced.quality).toBeGreaterThanOrEqual(0);
    expect(paced.quality).toBeLessThanOrEqual(1);
  });

  it('raises LF, puts its peak near 0.1 Hz and raises coherence when paced at 6/min', () => {
    for (const seed of SEEDS) {
      const person = createPerson({ seed, age: 30 + 4 * seed, sex: sexOf(seed) });
      const session = (breathsPerMinute: number) => {
        const { rr } = dayRecording(person, 20, {
          kind: 'biofeedback',
          durationS: 300,
          breathsPerMinute,
          ectopicRate: 0,
        });
        return { metrics: frequencyDomain(rr), coherence: coherenceRatio(powerSpectrum(rr)!) };
      };
      const paced = session(6);
      const rest = session(15);
      expect(paced.metrics.lf!).toBeGreaterThan(2 * rest.metrics.lf!);
      expect(paced.metrics.lfPeak!).toBeGreaterThan(0.09);
      expect(paced.metrics.lfPeak!).toBeLessThan(0.11);
      expect(paced.coherence!).toBeGreaterThan(1);
      expect(paced.coherence!).toBeGreaterThan(2 * rest.coherence!);
    }
  });
});

describe('optimalZoneScores', () => {
  it('gives one whole score in 0–100 per interval, deterministically', () => {
    const scores = optimalZoneScores(createRandom(1), 600, 0.7);
    expect(scores).toHaveLength(120);
    expect(scores.every((score) => Number.isInteger(score) && score >= 0 && score <= 100)).toBe(
      true,
    );
    expect(optimalZoneScores(createRandom(1), 600, 0.7)).toEqual(scores);
    expect(optimalZoneScores(createRandom(1), 60, 0.7, 10)).toHaveLength(6);
  });

  it('scores better breathing higher', () => {
    const average = (quality: number) => mean(optimalZoneScores(createRandom(2), 600, quality));
    expect(average(0.9)).toBeGreaterThan(average(0.5) + 20);
    expect(average(0.5)).toBeGreaterThan(average(0.1) + 20);
  });
});

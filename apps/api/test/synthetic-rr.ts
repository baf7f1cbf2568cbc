import { generateRr } from '@resonant/hrv/synthetic';

export type SyntheticRrOptions = {
  /** Mean RR interval in ms; default 1000 (60 bpm). */
  meanMs?: number;
  /** Respiratory sinus arrhythmia as quoted at 15 breaths/min (`rsaAmplitudeMs`); default 40. */
  swingMs?: number;
  /** A set breathing rate is a pacer's: a steady rhythm, amplified near 6/min. Default 15, free. */
  breathsPerMinute?: number;
  /** Another seed gives another series of the same shape; default 1. */
  seed?: number;
};

/**
 * `seconds` of clean RR intervals (ms) as a sensor would report them, from the HRV package's
 * generator: deterministic, without ectopic beats or slow drift, so a reading's mean is `meanMs`
 * and its variability grows with `swingMs`.
 */
export function syntheticRr(seconds: number, options: SyntheticRrOptions = {}): number[] {
  const paced = options.breathsPerMinute !== undefined;
  return Array.from(
    generateRr({
      seed: options.seed ?? 1,
      durationS: seconds,
      meanHr: 60000 / (options.meanMs ?? 1000),
      rsaAmplitudeMs: options.swingMs ?? 40,
      breathsPerMinute: options.breathsPerMinute ?? 15,
      breathingJitter: paced ? 0.02 : 0.1,
      driftAmplitudeMs: 0,
      ectopicRate: 0,
    }),
  );
}

import { z } from 'zod';

export const QUALITIES = ['good', 'low'] as const;
/** `low`: too little clean signal; the recording is kept but left out of every average. */
export const Quality = z.enum(QUALITIES);
export type Quality = z.infer<typeof Quality>;

const metric = (unit: string) => z.number().nullable().describe(unit);

/**
 * The metrics the server computes from one RR series with packages/hrv (SPEC §3 Reading). A metric
 * that cannot be computed is null, never NaN. The same shape for a reading, a session's averages
 * and each minute of a session.
 */
export const HrvMetrics = z.object({
  beats: z.number().int().describe('NN intervals analysed, after cleaning'),
  durationS: z.number().describe('s, sum of the NN intervals'),
  artifactPercent: metric('% of intervals the cleaning corrected'),
  meanNni: metric('ms'),
  medianNni: metric('ms'),
  rangeNni: metric('ms'),
  sdnn: metric('ms'),
  rmssd: metric('ms'),
  sdsd: metric('ms'),
  pnn50: metric('%'),
  meanHr: metric('bpm'),
  minHr: metric('bpm, lowest 5-beat average'),
  maxHr: metric('bpm, highest 5-beat average'),
  minMax: metric('bpm, mean max-min heart rate per breath cycle'),
  vlf: metric('ms², 0.0033-0.04 Hz'),
  lf: metric('ms², 0.04-0.15 Hz'),
  hf: metric('ms², 0.15-0.4 Hz'),
  totalPower: metric('ms², VLF + LF + HF'),
  lfHf: metric('ratio'),
  lfNu: metric('normalised units'),
  hfNu: metric('normalised units'),
  vlfPercent: metric('% of total power'),
  lfPercent: metric('% of total power'),
  hfPercent: metric('% of total power'),
  vlfPeak: metric('Hz'),
  lfPeak: metric('Hz'),
  hfPeak: metric('Hz'),
});
export type HrvMetrics = z.infer<typeof HrvMetrics>;

/** The metric names, in the engine's order. */
export const HRV_METRIC_KEYS = Object.keys(HrvMetrics.shape) as (keyof HrvMetrics)[];

/**
 * The metrics the HRV engine computes from one RR series (the command line's JSON keys). A metric
 * that cannot be computed is null, never NaN or Infinity. The engine itself lands with the HRV issue.
 */
export type HrvMetrics = {
  beats: number;
  durationS: number;
  artifactPercent: number | null;
  meanNni: number | null;
  medianNni: number | null;
  rangeNni: number | null;
  sdnn: number | null;
  rmssd: number | null;
  sdsd: number | null;
  pnn50: number | null;
  meanHr: number | null;
  minHr: number | null;
  maxHr: number | null;
  minMax: number | null;
  vlf: number | null;
  lf: number | null;
  hf: number | null;
  totalPower: number | null;
  lfHf: number | null;
  lfNu: number | null;
  hfNu: number | null;
  vlfPercent: number | null;
  lfPercent: number | null;
  hfPercent: number | null;
  vlfPeak: number | null;
  lfPeak: number | null;
  hfPeak: number | null;
};

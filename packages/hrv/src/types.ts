/** Detrending applied to the resampled RR series before the spectrum (see frequency-domain.ts). */
export type DetrendMethod = 'none' | 'smoothness-priors';

/** How a recording is analysed; every field has the pinned default. */
export type AnalysisOptions = {
  /** Default 'smoothness-priors' (Tarvainen 2002, λ = 500). */
  detrend?: DetrendMethod;
  /** Welch segment length in seconds; default 256. */
  windowSeconds?: number;
  /** Artifact detection and correction; default true. */
  correction?: boolean;
  /** Length of one breath cycle for `minMax`, from the session's pacer; default 10 s windows. */
  breathCycleSeconds?: number;
};

export type TimeDomainMetrics = {
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
};

export type FrequencyDomainMetrics = {
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

/**
 * The metrics the HRV engine computes from one RR series, in the command line's key order. A metric
 * that cannot be computed is null, never NaN or Infinity.
 */
export type HrvMetrics = {
  /** Number of NN intervals analysed (after correction). */
  beats: number;
  /** Sum of the NN intervals in seconds. */
  durationS: number;
  /** Share of intervals the cleaning corrected, in percent (0 when correction is off). */
  artifactPercent: number | null;
} & TimeDomainMetrics &
  FrequencyDomainMetrics;

export type Quality = 'good' | 'low';

/** What `analyseRecording` returns: the metrics, the quality flag and the cleaned series. */
export type RecordingAnalysis = {
  metrics: HrvMetrics;
  quality: Quality;
  /** The cleaned NN intervals in ms the metrics were computed from. */
  nn: Float64Array;
};

/** Every metric key in the order the command line prints them. */
export const HRV_METRIC_KEYS = [
  'beats',
  'durationS',
  'artifactPercent',
  'meanNni',
  'medianNni',
  'rangeNni',
  'sdnn',
  'rmssd',
  'sdsd',
  'pnn50',
  'meanHr',
  'minHr',
  'maxHr',
  'minMax',
  'vlf',
  'lf',
  'hf',
  'totalPower',
  'lfHf',
  'lfNu',
  'hfNu',
  'vlfPercent',
  'lfPercent',
  'hfPercent',
  'vlfPeak',
  'lfPeak',
  'hfPeak',
] as const satisfies readonly (keyof HrvMetrics)[];

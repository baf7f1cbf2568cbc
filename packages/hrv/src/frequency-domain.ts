import { SMOOTHNESS_PRIORS_LAMBDA, smoothnessPriorsDetrend } from './detrend.ts';
import { beatTimes, finiteOrNull } from './finite.ts';
import { evaluateSplineOnGrid, notAKnotSpline } from './spline.ts';
import type { DetrendMethod, FrequencyDomainMetrics } from './types.ts';
import { welch, type PowerSpectrum } from './welch.ts';
import { workBuffer } from './work-buffer.ts';

/** Resampling rate of the RR tachogram (Task Force 1996; Kubios uses 4 Hz). */
export const RESAMPLE_HZ = 4;
export const DEFAULT_WINDOW_SECONDS = 256;
export const DEFAULT_DETREND: DetrendMethod = 'smoothness-priors';

/** Half-open [lo, hi) bands in Hz (Task Force of the ESC and NASPE 1996, VLF from 0.0033 Hz). */
export const BANDS = {
  vlf: [0.0033, 0.04],
  lf: [0.04, 0.15],
  hf: [0.15, 0.4],
} as const;

export type SpectrumOptions = { detrend?: DetrendMethod; windowSeconds?: number };

/** Variability below this (ms) is floating-point residue, not signal. */
const NUMERICAL_NOISE_MS = 1e-6;
/** Below 10 s not even two cycles of the slowest HF oscillation (0.15 Hz) fit: no spectrum. */
const MIN_SPECTRUM_SECONDS = 10;
/** Two days (twice the longest recording ingestion accepts): beyond it the series is not an RR recording. */
const MAX_SPECTRUM_SECONDS = 2 * 24 * 3600;

const NO_FREQUENCY_DOMAIN: FrequencyDomainMetrics = {
  vlf: null,
  lf: null,
  hf: null,
  totalPower: null,
  lfHf: null,
  lfNu: null,
  hfNu: null,
  vlfPercent: null,
  lfPercent: null,
  hfPercent: null,
  vlfPeak: null,
  lfPeak: null,
  hfPeak: null,
};

/**
 * The PSD of NN intervals (ms): a not-a-knot cubic spline of NN at the beat times resampled at
 * 4 Hz from the first to the last beat, detrended (smoothness priors by default), mean removed,
 * then Welch. Null when the series is too short to resample.
 */
export function powerSpectrum(
  nn: ArrayLike<number>,
  options: SpectrumOptions = {},
): PowerSpectrum | null {
  if (nn.length < 3) return null;
  const times = beatTimes(nn, workBuffer('spectrum.times', nn.length));
  const first = times[0]!;
  const span = times[times.length - 1]! - first;
  // The grid t0, t0 + 0.25, … ≤ t_last; the epsilon keeps a last point that float sums land a hair past.
  if (!(span >= MIN_SPECTRUM_SECONDS && span <= MAX_SPECTRUM_SECONDS)) return null;
  const count = Math.floor(span * RESAMPLE_HZ + 1e-9) + 1;
  const spline = notAKnotSpline(times, nn, workBuffer('spectrum.curvature', nn.length));
  const resampled = workBuffer('spectrum.resampled', count);
  evaluateSplineOnGrid(spline, first, 1 / RESAMPLE_HZ, count, resampled);
  const detrended =
    (options.detrend ?? DEFAULT_DETREND) === 'smoothness-priors'
      ? smoothnessPriorsDetrend(resampled, SMOOTHNESS_PRIORS_LAMBDA, resampled)
      : resampled;
  let mean = 0;
  for (let i = 0; i < count; i++) mean += detrended[i]!;
  mean /= count;
  let largest = 0;
  for (let i = 0; i < count; i++) {
    detrended[i]! -= mean;
    largest = Math.max(largest, Math.abs(detrended[i]!));
  }
  // A constant series leaves only rounding residue (~1e-8 ms) after the spline and the detrend;
  // calling that a spectrum would invent peaks and ratios out of noise.
  if (largest < NUMERICAL_NOISE_MS) detrended.fill(0);
  return welch(detrended, RESAMPLE_HZ, options.windowSeconds ?? DEFAULT_WINDOW_SECONDS);
}

/** Σ P·df over the bins in [lo, hi), and the frequency of the largest P there (null if none). */
export function bandPower(spectrum: PowerSpectrum, [lo, hi]: readonly [number, number]) {
  const { psd, df } = spectrum;
  let power = 0;
  let peak: number | null = null;
  let peakDensity = 0;
  const first = Math.ceil(lo / df);
  for (let k = first; k < psd.length && k * df < hi; k++) {
    if (k * df < lo) continue;
    power += psd[k]!;
    if (psd[k]! > peakDensity) {
      peakDensity = psd[k]!;
      peak = k * df;
    }
  }
  return { power: power * df, peak };
}

/** Frequency-domain HRV of NN intervals (ms): band powers (ms²), ratios, shares and peaks (Hz). */
export function frequencyDomain(
  nn: ArrayLike<number>,
  options: SpectrumOptions = {},
): FrequencyDomainMetrics {
  const spectrum = powerSpectrum(nn, options);
  if (!spectrum) return NO_FREQUENCY_DOMAIN;
  const vlf = bandPower(spectrum, BANDS.vlf);
  const lf = bandPower(spectrum, BANDS.lf);
  const hf = bandPower(spectrum, BANDS.hf);
  const total = vlf.power + lf.power + hf.power;
  const lfPlusHf = lf.power + hf.power;
  const share = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);
  return {
    vlf: finiteOrNull(vlf.power),
    lf: finiteOrNull(lf.power),
    hf: finiteOrNull(hf.power),
    totalPower: finiteOrNull(total),
    lfHf: hf.power > 0 ? finiteOrNull(lf.power / hf.power) : null,
    lfNu: finiteOrNull(share(lf.power, lfPlusHf)),
    hfNu: finiteOrNull(share(hf.power, lfPlusHf)),
    vlfPercent: finiteOrNull(share(vlf.power, total)),
    lfPercent: finiteOrNull(share(lf.power, total)),
    hfPercent: finiteOrNull(share(hf.power, total)),
    vlfPeak: vlf.peak,
    lfPeak: lf.peak,
    hfPeak: hf.peak,
  };
}

/**
 * Heart-rhythm coherence ratio as HeartMath defines it (McCraty R, Atkinson M, Tomasino D,
 * Bradley RT. The coherent heart: heart–brain interactions, psychophysiological coherence, and the
 * emergence of system-wide order. Integral Review 2009;5(2):10–115): find the highest peak in
 * 0.04–0.26 Hz, take the power in a 0.030 Hz window centred on it as the peak power, and divide by
 * the rest of the total power (0.0033–0.4 Hz). A breath-paced heart rhythm puts nearly all its
 * power in one narrow peak, so the ratio rises from well below 1 at rest to several during
 * biofeedback.
 */
import type { PowerSpectrum } from './welch.ts';

const PEAK_SEARCH_HZ = [0.04, 0.26] as const;
const PEAK_WINDOW_HZ = 0.03;
const TOTAL_HZ = [0.0033, 0.4] as const;
// Band edges are compared in bins; this keeps a bin whose frequency lands a float hair off an edge.
const EDGE_EPSILON = 1e-9;

/** First and last bin (inclusive) whose frequency lies in [lo, hi]. */
function binRange(df: number, lo: number, hi: number, bins: number): [number, number] {
  return [
    Math.max(0, Math.ceil(lo / df - EDGE_EPSILON)),
    Math.min(bins - 1, Math.floor(hi / df + EDGE_EPSILON)),
  ];
}

/** Σ psd over bins first..last; df is left out since only ratios of these sums are used. */
function binSum(psd: Float64Array, first: number, last: number): number {
  let sum = 0;
  for (let k = first; k <= last; k++) sum += psd[k]!;
  return sum;
}

/** HeartMath coherence ratio of a one-sided PSD: peak power / (total − peak power), or null. */
export function coherenceRatio(spectrum: PowerSpectrum): number | null {
  const { psd, df } = spectrum;
  if (!(df > 0) || psd.length === 0) return null;
  const [searchFirst, searchLast] = binRange(df, ...PEAK_SEARCH_HZ, psd.length);
  if (searchLast < searchFirst) return null;
  // The highest local maximum: a spectrum still falling from the VLF band is highest at 0.04 Hz
  // without any peak there. Without a local maximum in range, the highest bin stands in.
  let peak = -1;
  let highest = searchFirst;
  for (let k = searchFirst; k <= searchLast; k++) {
    const value = psd[k]!;
    if (value > psd[highest]!) highest = k;
    const isLocalMaximum = value >= (psd[k - 1] ?? -Infinity) && value >= (psd[k + 1] ?? -Infinity);
    if (isLocalMaximum && (peak < 0 || value > psd[peak]!)) peak = k;
  }
  if (peak < 0) peak = highest;
  const peakHz = peak * df;
  const peakPower = binSum(
    psd,
    ...binRange(df, peakHz - PEAK_WINDOW_HZ / 2, peakHz + PEAK_WINDOW_HZ / 2, psd.length),
  );
  const totalPower = binSum(psd, ...binRange(df, ...TOTAL_HZ, psd.length));
  const rest = totalPower - peakPower;
  const ratio = peakPower / rest;
  return rest > 0 && Number.isFinite(ratio) ? ratio : null;
}

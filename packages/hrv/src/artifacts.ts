/**
 * Artifact detection and correction of RR intervals, the cleaning step of the HRV engine: values
 * outside 300–2000 ms, then the Lipponen & Tarvainen (2019) detector (J Med Eng Technol
 * 43(3):173–181) with the constants of NeuroKit2's `signal_fixpeaks(method="Kubios")`
 * (neurokit2/signal/signal_fixpeaks.py), each artifact corrected by its type.
 */
import { correctArtifacts } from './artifact-correction.ts';
import { Detector, MIN_DETECTION_BEATS } from './artifact-detector.ts';
import type { ArtifactCounts, Tally } from './artifact-series.ts';
import { correctOutOfRange } from './out-of-range.ts';
import { isInRange } from './rr-range.ts';

export type { ArtifactCounts } from './artifact-series.ts';

/** The cleaned series and what the cleaning did to it. */
export type CleanedRr = {
  /** Corrected intervals (ms). */
  nn: Float64Array;
  /** Number of input intervals changed, merged, split, replaced or dropped. */
  corrected: number;
  /** 100 · corrected / input length (0 for an empty input). */
  artifactPercent: number;
  artifacts: ArtifactCounts;
};

/** A recording with more than this share of corrected intervals is low quality (HRV issue). */
export const LOW_QUALITY_ARTIFACT_PERCENT = 5;

/**
 * Lipponen & Tarvainen (2019) detection + type-specific correction. Pure; never throws on short
 * input.
 *
 * Values outside 300–2000 ms are corrected first (`correctOutOfRange`), then the detector
 * classifies the series (`Detector`) and each artifact is corrected by its type (`correctArtifacts`): an
 * extra beat is merged with the next interval, a missed beat split in two, an ectopic pair's total
 * split anew between its two intervals, a long or short interval interpolated by a cubic spline
 * over the beat times. Only the last changes the total duration: a lone long or short interval has
 * no partner to hand its excess to. Under 11 in-range intervals, out-of-range values are dropped
 * and the rest passes through.
 */
export function cleanRr(rr: ArrayLike<number>): CleanedRr {
  const n = rr.length;
  let inRange = 0;
  let wholeMs = true;
  for (let i = 0; i < n; i++) {
    if (isInRange(rr[i]!)) inRange++;
    if (rr[i] !== Math.round(rr[i]!)) wholeMs = false;
  }
  const tally: Tally = {
    artifacts: { outOfRange: n - inRange, ectopic: 0, missed: 0, extra: 0, longShort: 0 },
    corrected: 0,
    wholeMs,
  };
  let nn: Float64Array;
  if (inRange < MIN_DETECTION_BEATS) {
    nn = new Float64Array(inRange);
    let k = 0;
    for (let i = 0; i < n; i++) if (isInRange(rr[i]!)) nn[k++] = rr[i]!;
    tally.corrected = n - inRange;
  } else {
    let series = correctOutOfRange(rr, tally);
    // NeuroKit2's `iterative=True` (its default): detect again on the corrected series while that
    // finds fewer artifacts than the pass before. Corrections lower the thresholds, so artifacts
    // hidden by their neighbours' large dRRs (a dense cluster inflates Th1) show in the next pass.
    // A pass whose only finds are intervals interpolated before is applied (the spline may have
    // rested on a neighbour found since) and ends the passes: counted, they would come back the
    // same and keep the passes going.
    let previous = Infinity;
    for (let pass = 0; ; pass++) {
      const detection = new Detector(series).detect();
      if (!detection || detection.events >= previous) break;
      series = correctArtifacts(series, detection, tally, pass % 2 === 0 ? 'even' : 'odd');
      if (detection.events === 0) break;
      previous = detection.events;
    }
    nn = series.values.slice(0, series.length);
  }
  return {
    nn,
    corrected: tally.corrected,
    artifactPercent: n > 0 ? (100 * tally.corrected) / n : 0,
    artifacts: tally.artifacts,
  };
}

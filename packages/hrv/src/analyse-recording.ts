import { cleanRr, LOW_QUALITY_ARTIFACT_PERCENT } from './artifacts.ts';
import { frequencyDomain } from './frequency-domain.ts';
import { timeDomain } from './time-domain.ts';
import type { AnalysisOptions, HrvMetrics, Quality, RecordingAnalysis } from './types.ts';

/** Recordings shorter than this carry too little signal to trust (HRV issue, "Cleaning"). */
export const MIN_GOOD_DURATION_S = 60;

/** Low quality: more than 5 % of beats corrected or under 60 s of signal. */
export function recordingQuality(metrics: HrvMetrics): Quality {
  const tooManyArtifacts = (metrics.artifactPercent ?? 0) > LOW_QUALITY_ARTIFACT_PERCENT;
  return tooManyArtifacts || metrics.durationS < MIN_GOOD_DURATION_S ? 'low' : 'good';
}

/**
 * Every metric of one RR recording (ms): cleaning (unless `correction: false`), then the time and
 * frequency domain on the cleaned NN series, with the quality flag.
 */
export function analyseRecording(
  rr: ArrayLike<number>,
  options: AnalysisOptions = {},
): RecordingAnalysis {
  const cleaned = options.correction === false ? null : cleanRr(rr);
  const nn = cleaned ? cleaned.nn : Float64Array.from(rr);
  let totalMs = 0;
  for (let i = 0; i < nn.length; i++) totalMs += nn[i]!;
  const metrics: HrvMetrics = {
    beats: nn.length,
    durationS: Number.isFinite(totalMs) ? totalMs / 1000 : 0,
    artifactPercent: cleaned ? cleaned.artifactPercent : 0,
    ...timeDomain(nn, { breathCycleSeconds: options.breathCycleSeconds }),
    ...frequencyDomain(nn, { detrend: options.detrend, windowSeconds: options.windowSeconds }),
  };
  return { metrics, quality: recordingQuality(metrics), nn };
}

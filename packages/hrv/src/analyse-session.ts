import { recordingQuality } from './analyse-recording.ts';
import { cleanRr } from './artifacts.ts';
import { beatTimes, finiteOrNull } from './finite.ts';
import { frequencyDomain } from './frequency-domain.ts';
import { timeDomain } from './time-domain.ts';
import { HRV_METRIC_KEYS, type HrvMetrics, type Quality } from './types.ts';

/** Trailing window of the per-minute frequency domain: up to 5 min of beats ending with the minute. */
const TRAILING_WINDOW_S = 300;
/** LF needs at least two cycles of 0.04 Hz … 0.15 Hz content: below 2 min it is marked unreliable. */
const LF_RELIABLE_S = 120;
/** VLF (from 0.0033 Hz) needs the full 5 min (Task Force 1996 short-term recordings). */
const VLF_RELIABLE_S = 300;
/** A recording rarely ends exactly on a minute: a window short of its span by under a beat still counts. */
const SPAN_SLACK_S = 2;
/** A last, partial minute is reported only when it holds at least half a minute of beats. */
const MIN_PARTIAL_MINUTE_S = 30;
/** Optimal-zone scores above this count as "in the zone" (0–100 scale of the app). */
export const OPTIMAL_ZONE_THRESHOLD = 80;

export type MinuteResult = {
  /** Minute number from 1. */
  countTime: number;
  metrics: HrvMetrics;
  lfReliable: boolean;
  vlfReliable: boolean;
};

export type OptimalZoneSummary = {
  /** Share of samples in the zone (score > 80), in percent. */
  ozSesAvgPercentage: number;
  /** Mean optimal-zone score. */
  optimalZoneSessionAverage: number;
};

export type SessionAnalysis = {
  /** Mean of each metric over the minutes; beats, duration and artifacts of the whole session. */
  averages: HrvMetrics;
  quality: Quality;
  minutes: MinuteResult[];
  /** Null when the app recorded no optimal-zone samples. */
  optimalZone: OptimalZoneSummary | null;
};

export type SessionInput = {
  rr: ArrayLike<number>;
  /** The pacer's rate; its breath cycle replaces the 10 s windows of `minMax`. */
  breathsPerMinute?: number | null;
  optimalZoneScores?: readonly number[];
};

/** The per-minute metrics averaged over the session (beats, duration and artifacts are whole-session). */
const AVERAGED_KEYS = HRV_METRIC_KEYS.filter(
  (
    key,
  ): key is Exclude<(typeof HRV_METRIC_KEYS)[number], 'beats' | 'durationS' | 'artifactPercent'> =>
    key !== 'beats' && key !== 'durationS' && key !== 'artifactPercent',
);

/**
 * A breathing session: the RR series is cleaned once, then each minute gets its time domain (on that
 * minute's beats) and frequency domain (on a trailing window of up to 5 min), and the session
 * averages are the means of the minutes' values.
 */
export function analyseSession(input: SessionInput): SessionAnalysis {
  const cleaned = cleanRr(input.rr);
  const nn = cleaned.nn;
  const times = beatTimes(nn);
  const duration = nn.length > 0 ? times[nn.length - 1]! : 0;
  const breathCycleSeconds =
    input.breathsPerMinute && input.breathsPerMinute > 0 ? 60 / input.breathsPerMinute : undefined;

  const minutes: MinuteResult[] = [];
  const fullMinutes = Math.floor(duration / 60);
  const lastMinute =
    duration - fullMinutes * 60 >= MIN_PARTIAL_MINUTE_S ? fullMinutes + 1 : fullMinutes;
  let minuteStart = 0;
  let windowStart = 0;
  for (let minute = 1; minute <= lastMinute; minute++) {
    const end = minute * 60;
    while (minuteStart < nn.length && times[minuteStart]! <= end - 60) minuteStart++;
    while (windowStart < nn.length && times[windowStart]! <= end - TRAILING_WINDOW_S) windowStart++;
    let minuteEnd = minuteStart;
    while (minuteEnd < nn.length && times[minuteEnd]! <= end) minuteEnd++;
    const minuteBeats = nn.subarray(minuteStart, minuteEnd);
    const windowBeats = nn.subarray(windowStart, minuteEnd);
    const windowSpan = Math.min(end, duration) - Math.max(0, end - TRAILING_WINDOW_S);
    let minuteMs = 0;
    for (let i = 0; i < minuteBeats.length; i++) minuteMs += minuteBeats[i]!;
    minutes.push({
      countTime: minute,
      metrics: {
        beats: minuteBeats.length,
        durationS: minuteMs / 1000,
        artifactPercent: cleaned.artifactPercent,
        ...timeDomain(minuteBeats, { breathCycleSeconds }),
        ...frequencyDomain(windowBeats),
      },
      lfReliable: windowSpan + SPAN_SLACK_S >= LF_RELIABLE_S,
      vlfReliable: windowSpan + SPAN_SLACK_S >= VLF_RELIABLE_S,
    });
  }

  const whole = { beats: nn.length, durationS: duration, artifactPercent: cleaned.artifactPercent };
  // A session without a whole minute is described by the whole series instead.
  const averages: HrvMetrics =
    minutes.length > 0
      ? {
          ...whole,
          ...(Object.fromEntries(
            AVERAGED_KEYS.map((key) => [key, meanOf(minutes.map((m) => m.metrics[key]))]),
          ) as Record<(typeof AVERAGED_KEYS)[number], number | null>),
        }
      : { ...whole, ...timeDomain(nn, { breathCycleSeconds }), ...frequencyDomain(nn) };
  return {
    averages,
    quality: recordingQuality(averages),
    minutes,
    optimalZone: summariseOptimalZone(input.optimalZoneScores ?? []),
  };
}

function meanOf(values: (number | null)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value === null) continue;
    sum += value;
    count++;
  }
  return count > 0 ? finiteOrNull(sum / count) : null;
}

/** `ozSesAvgPercentage` and `optimalZoneSessionAverage` of the app's samples; null without samples. */
export function summariseOptimalZone(scores: readonly number[]): OptimalZoneSummary | null {
  const valid = scores.filter((score) => Number.isFinite(score));
  if (valid.length === 0) return null;
  let inZone = 0;
  let sum = 0;
  for (const score of valid) {
    if (score > OPTIMAL_ZONE_THRESHOLD) inZone++;
    sum += score;
  }
  return {
    ozSesAvgPercentage: (100 * inZone) / valid.length,
    optimalZoneSessionAverage: sum / valid.length,
  };
}

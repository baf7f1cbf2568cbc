import type { HrvMetrics } from '@resonant/contracts/metrics';
import type {
  FrequencyDomain,
  HrvDomains,
  OzSamples,
  SessionMinuteResult,
  TimeDomain,
} from '@resonant/contracts/reports';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { OptimalZoneSamples } from '../db/schema/hrv-sessions.ts';

/**
 * How recordings are presented to whoever reads them, an admin's reports or the member's own
 * pages: the measures as SPEC §3 groups them, a session's minutes and its optimal-zone samples.
 */

type MetricValues = Partial<Record<keyof HrvMetrics, number | null>>;

/** The time-domain measures of a recording or a mean (never NaN: non-finite is null). */
export function timeDomain(metrics: MetricValues): TimeDomain {
  return {
    minMax: finiteOrNull(metrics.minMax),
    sdnn: finiteOrNull(metrics.sdnn),
    sdsd: finiteOrNull(metrics.sdsd),
    mean_hr: finiteOrNull(metrics.meanHr),
    max_hr: finiteOrNull(metrics.maxHr),
    min_hr: finiteOrNull(metrics.minHr),
    mean_nni: finiteOrNull(metrics.meanNni),
    median_nni: finiteOrNull(metrics.medianNni),
    range_nni: finiteOrNull(metrics.rangeNni),
  };
}

/** The frequency-domain powers of a recording or a mean (never NaN: non-finite is null). */
export function frequencyDomain(metrics: MetricValues): FrequencyDomain {
  return {
    lf: finiteOrNull(metrics.lf),
    hf: finiteOrNull(metrics.hf),
    vlf: finiteOrNull(metrics.vlf),
    total_power: finiteOrNull(metrics.totalPower),
  };
}

/** A session's or minute's measures as SPEC §3 groups them, RMSSD with the time domain. */
export const domains = (metrics: MetricValues): HrvDomains => ({
  timeDomain: { ...timeDomain(metrics), rmssd: finiteOrNull(metrics.rmssd) },
  frequencyDomain: frequencyDomain(metrics),
});

/** Stored per-minute rows of sessions (in minute order) as each session's results, by session. */
export function minuteResultsBySession(
  minutes: readonly { sessionId: string; countTime: number; metrics: MetricValues }[],
): Map<string, SessionMinuteResult[]> {
  const bySession = new Map<string, SessionMinuteResult[]>();
  for (const minute of minutes) {
    const list = bySession.get(minute.sessionId) ?? [];
    list.push({ countTime: minute.countTime, ...domains(minute.metrics) });
    bySession.set(minute.sessionId, list);
  }
  return bySession;
}

/** A session's stored optimal-zone samples as they are read (empty when the app recorded none). */
export function presentOzSamples(samples: OptimalZoneSamples | null): OzSamples {
  return {
    oz_values: samples?.values ?? [],
    reportStartTime: samples?.kind === 'mindfulness' ? samples.reportStartTime : null,
  };
}

import type { HrvMetrics, Quality } from '@resonant/contracts/metrics';
import {
  CreateSessionBody,
  type BreathTime,
  type SessionMinute,
  type SessionType,
} from '@resonant/contracts/sessions';
import { analyseSession } from '@resonant/hrv/analyse-session';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { OptimalZoneSamples } from '../db/schema/hrv-sessions.ts';
import { metricColumnValues } from './hrv-metrics.ts';
import { checkRecordings, type AnalysisTask, type CheckedEntry } from './recording-input.ts';

/** A session that passed its checks, with its results: everything to store but the RR series. */
export type AnalysedSession = {
  clientId: string;
  type: SessionType;
  sessionName: string;
  startedAt: Date;
  breathsPerMinute: number | null;
  sessionMinutes: number;
  breathTime: BreathTime | null;
  optimalZoneSamples: OptimalZoneSamples | null;
  /** As sent: the ingestion checks them against the organisation's tags. */
  tagIds: string[];
  quality: Quality;
  ozSesAvgPercentage: number | null;
  optimalZoneSessionAverage: number | null;
  averages: HrvMetrics;
  results: SessionMinute[];
};

/**
 * Checks sessions as POST /api/v1/sessions checks its body (CreateSessionBody, the start at most 5
 * minutes ahead of `now`, the RR limits) and computes each one's per-minute results, averages and
 * optimal-zone figures (packages/hrv). Pure and synchronous: the worker threads run it on their
 * share of a batch (lib/hrv-pool.ts).
 */
export function analyseSessions(task: AnalysisTask): CheckedEntry<AnalysedSession>[] {
  return checkRecordings(task, CreateSessionBody, 'startedAt', (body, startedAt) => {
    const oz = optimalZoneSamples(body);
    const breathsPerMinute = body.breathsPerMinute ?? null;
    const analysis = analyseSession({
      rr: body.rr,
      breathsPerMinute,
      optimalZoneScores: oz.scores,
    });
    const durationMs = body.rr.reduce((sum, value) => sum + value, 0);
    return {
      clientId: body.clientId,
      type: body.type,
      sessionName: body.sessionName,
      startedAt,
      breathsPerMinute,
      sessionMinutes: durationMs / 60_000,
      breathTime: body.breathTime ?? null,
      optimalZoneSamples: oz.samples,
      tagIds: body.tags ?? [],
      quality: analysis.quality,
      ozSesAvgPercentage: finiteOrNull(analysis.optimalZone?.ozSesAvgPercentage),
      optimalZoneSessionAverage: finiteOrNull(analysis.optimalZone?.optimalZoneSessionAverage),
      averages: metricColumnValues(analysis.averages),
      results: analysis.minutes.map((minute) => ({
        countTime: minute.countTime,
        lfReliable: minute.lfReliable,
        vlfReliable: minute.vlfReliable,
        metrics: metricColumnValues(minute.metrics),
      })),
    };
  });
}

/**
 * The app's optimal-zone samples as stored (SPEC §3 "Raw session data") and the scores the engine
 * averages: biofeedback sends `{oz, ts}` pairs, mindfulness plain scores with reportStartTime.
 */
function optimalZoneSamples(body: CreateSessionBody): {
  samples: OptimalZoneSamples | null;
  scores: number[];
} {
  const values: (number | OzSample)[] = body.ozValues ?? [];
  if (values.length === 0) return { samples: null, scores: [] };
  if (values.every((value): value is number => typeof value === 'number')) {
    return {
      samples: { kind: 'mindfulness', values, reportStartTime: body.reportStartTime ?? null },
      scores: values,
    };
  }
  const pairs = values.filter((value): value is OzSample => typeof value !== 'number');
  return { samples: { kind: 'biofeedback', values: pairs }, scores: pairs.map((pair) => pair.oz) };
}

type OzSample = { oz: number; ts: number };

import type { HrvMetrics, Quality } from '@resonant/contracts/metrics';
import { CreateReadingBody, type ReadingKind } from '@resonant/contracts/readings';
import { analyseRecording } from '@resonant/hrv/analyse-recording';
import { metricColumnValues } from './hrv-metrics.ts';
import { checkRecordings, type AnalysisTask, type CheckedEntry } from './recording-input.ts';

/** A reading that passed its checks, with its metrics: everything to store but the RR series. */
export type AnalysedReading = {
  clientId: string;
  takenAt: Date;
  kind: ReadingKind;
  note: string | null;
  device: string | null;
  /** As sent: the ingestion checks them against the organisation's tags. */
  tagIds: string[];
  quality: Quality;
  metrics: HrvMetrics;
};

/**
 * Checks readings as POST /api/v1/readings checks its body (CreateReadingBody, the time at most 5
 * minutes ahead of `now`, the RR limits) and computes the metrics of each that passes (packages/hrv).
 * Pure and synchronous: the worker threads run it on their share of a batch (lib/hrv-pool.ts).
 */
export function analyseReadings(task: AnalysisTask): CheckedEntry<AnalysedReading>[] {
  return checkRecordings(task, CreateReadingBody, 'takenAt', (body, takenAt) => {
    const { metrics, quality } = analyseRecording(body.rr);
    return {
      clientId: body.clientId,
      takenAt,
      kind: body.kind,
      note: body.note || null,
      device: body.device || null,
      tagIds: body.tags ?? [],
      quality,
      metrics: metricColumnValues(metrics),
    };
  });
}

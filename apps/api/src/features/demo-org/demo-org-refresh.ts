import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import { reportJobProgress } from '../../jobs/job-queue.queries.ts';
import type { JobHandler } from '../../jobs/job-worker.ts';

export const DEMO_ORG_REFRESH_JOB = 'demo-org.refresh' satisfies JobKind;
/** The refresh stores only what is missing, so a failed run is simply run again. */
export const DEMO_ORG_REFRESH_MAX_ATTEMPTS = 3;

/**
 * Brings the demo organisation's recordings up to `now`, telling `progress(done, total)` as it
 * goes. The recordings go through the readings' and sessions' ingestion, which this feature may
 * not import: app.ts passes in db/seed's refreshDemoRecordings, the seed's own generator.
 */
export type RefreshDemoRecordings = (
  db: Database,
  orgId: string,
  now: Date,
  options: { progress: (done: number, total: number) => Promise<void> },
) => Promise<unknown>;

/**
 * The 'demo-org.refresh' job: refreshes the demo organisation named by the job's org_id and
 * keeps jobs.progress up to date for GET /api/org/update-demo-org/progress. A job that gives up
 * is marked failed by the worker, which the progress route shows with its message.
 */
export function demoOrgRefreshHandler(
  deps: AppDeps & { refreshDemoRecordings: RefreshDemoRecordings },
): JobHandler<JobPayloads[typeof DEMO_ORG_REFRESH_JOB]> {
  return {
    async run(job) {
      const report = (done: number, total: number) =>
        reportJobProgress(deps.db, job.id, { done, total }, deps.clock());
      // Queued without an organisation (a deleted one takes its jobs with it): nothing to do.
      if (!job.orgId) return report(0, 0);
      await deps.refreshDemoRecordings(deps.db, job.orgId, deps.clock(), { progress: report });
    },
  };
}

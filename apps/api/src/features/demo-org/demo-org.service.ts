import type { z } from 'zod';
import {
  DEMO_ORG_NOT_FOUND_MESSAGE,
  DEMO_ORG_UPDATE_FAILED_MESSAGE,
  DEMO_ORG_UPDATE_NOT_FOUND_MESSAGE,
  DEMO_ORG_UPDATE_STARTED_MESSAGE,
  DEMO_ORG_UPDATED_MESSAGE,
  type DemoOrgProgress,
  type DemoOrgProgressQuery,
  type DemoOrgUpdateStarted,
} from '@resonant/contracts/demo-org';
import type { AppDeps } from '../../app-deps.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { audit } from '../../kernel/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { lockForTransaction } from '../../lib/advisory-lock.queries.ts';
import { DEMO_ORG_REFRESH_JOB, DEMO_ORG_REFRESH_MAX_ATTEMPTS } from './demo-org-refresh.ts';
import { findDemoOrgId, findJobOfKind, findUnfinishedJob } from './demo-org.queries.ts';

export type DemoOrgDeps = AppDeps & { jobs: JobWorker };

/**
 * Update Demo Org Data (GET /api/org/update-demo-org, app admin): queues the refresh of the demo
 * organisation's recordings, or answers the refresh already queued or running for it, so two
 * clicks follow one job. 404 when there is no demo organisation (DEMO_DATA off, or deleted).
 */
export async function startDemoOrgUpdate(
  deps: DemoOrgDeps,
  scope: TenantScope,
): Promise<DemoOrgUpdateStarted> {
  const started = await deps.db.transaction(async (tx) => {
    const orgId = await findDemoOrgId(tx);
    if (!orgId) throw notFound(DEMO_ORG_NOT_FOUND_MESSAGE);
    // Two calls at once: the second waits here, then finds the first one's job.
    await lockForTransaction(tx, `demo-org.refresh:${orgId}`);
    const unfinished = await findUnfinishedJob(tx, DEMO_ORG_REFRESH_JOB, orgId);
    if (unfinished) return { jobId: unfinished, queued: false };
    const jobId = await deps.jobs.enqueue(tx, {
      kind: DEMO_ORG_REFRESH_JOB,
      orgId,
      payload: {},
      maxAttempts: DEMO_ORG_REFRESH_MAX_ATTEMPTS,
    });
    await audit(tx, { ...scope, orgId }, 'demo-org.refresh', orgId, { jobId });
    return { jobId, queued: true };
  });
  if (started.queued) deps.jobs.kick();
  return { message: DEMO_ORG_UPDATE_STARTED_MESSAGE, job_id: started.jobId };
}

/**
 * Where a demo refresh is (GET /api/org/update-demo-org/progress): `done` of `total` recordings
 * from jobs.progress; the spec's message once done, the failure once it gave up. 404 for an
 * unknown id or another kind of job.
 */
export async function demoOrgProgress(
  deps: AppDeps,
  _scope: TenantScope,
  query: z.output<typeof DemoOrgProgressQuery>,
): Promise<DemoOrgProgress> {
  const job = await findJobOfKind(deps.db, DEMO_ORG_REFRESH_JOB, query.jobId);
  if (!job) throw notFound(DEMO_ORG_UPDATE_NOT_FOUND_MESSAGE);
  const { done, total } = job.progress ?? { done: 0, total: 0 };
  const messages = { done: DEMO_ORG_UPDATED_MESSAGE, failed: DEMO_ORG_UPDATE_FAILED_MESSAGE };
  return {
    job_id: job.id,
    status: job.status,
    done,
    total,
    message: job.status === 'done' || job.status === 'failed' ? messages[job.status] : null,
  };
}

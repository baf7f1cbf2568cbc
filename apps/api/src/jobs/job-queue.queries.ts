import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { JobKind, JobPayloads, JobToQueue, PayloadsByKind } from './job-kinds.ts';

/** A job as its handler sees it, its payload that of its kind (jobs/job-kinds.ts). */
export type ClaimedJob<Payload = Record<string, unknown>> = {
  id: string;
  kind: string;
  orgId: string | null;
  payload: Payload;
  /** This run's attempt number, from 1. */
  attempts: number;
  maxAttempts: number;
};

/** A job as the table stores it; `enqueueJob` and the worker's `enqueue` check it by kind. */
type NewJob = JobToQueue<PayloadsByKind, string> & { runAt: Date };

/** Queues a job; pass the transaction so the job exists only if the change that needs it commits. */
export function enqueueJob<Kind extends JobKind>(
  db: Database,
  job: JobToQueue<JobPayloads, Kind> & { runAt: Date },
): Promise<string> {
  return insertJob(db, job);
}

/** Queues a job of any kind (the worker's `enqueue`, typed by its own kinds). */
export async function insertJob(db: Database, job: NewJob): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      orgId: job.orgId ?? null,
      maxAttempts: job.maxAttempts,
      runAt: job.runAt,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('job not queued');
  return row.id;
}

/**
 * Takes the next due job of a kind this worker can run (during a rolling deploy an older instance
 * leaves newer kinds alone instead of failing them). FOR UPDATE SKIP LOCKED lets several API instances
 * share the table: each job is claimed by exactly one of them.
 */
export async function claimNextJob(
  db: Database,
  workerId: string,
  kinds: readonly string[],
  now: Date,
): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: now,
      lockedBy: workerId,
    })
    .where(
      eq(
        jobs.id,
        sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${now}
             and ${inArray(jobs.kind, [...kinds])}
             order by ${jobs.runAt} limit 1 for update skip locked)`,
      ),
    )
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      orgId: jobs.orgId,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return rows[0] ?? null;
}

export async function completeJob(db: Database, jobId: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lockedAt: null, lockedBy: null, lastError: null })
    .where(eq(jobs.id, jobId));
}

/**
 * Records how far a long job has come, `done` of `total` steps (jobs.progress), for whoever shows
 * its progress; a handler calls it as it goes, outside any transaction so it is seen at once. It
 * is also the job's heartbeat: `locked_at` moves to `now`, so a job that reports is not stale and
 * no other worker requeues it.
 */
export async function reportJobProgress(
  db: Database,
  jobId: string,
  progress: { done: number; total: number },
  now: Date,
): Promise<void> {
  await db.update(jobs).set({ progress, lockedAt: now }).where(eq(jobs.id, jobId));
}

/** Puts a failed attempt back in the queue to run at `retryAt`. */
export async function retryJob(
  db: Database,
  jobId: string,
  retryAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'queued', runAt: retryAt, lockedAt: null, lockedBy: null, lastError: error })
    .where(eq(jobs.id, jobId));
}

/** Gives up on a job after its last attempt. */
export async function failJob(db: Database, jobId: string, now: Date, error: string) {
  await db
    .update(jobs)
    .set({ status: 'failed', finishedAt: now, lockedAt: null, lockedBy: null, lastError: error })
    .where(eq(jobs.id, jobId));
}

/**
 * Requeues jobs whose worker stopped without finishing them (a crash or a killed process): a
 * running job older than `staleBefore` is run again (its attempt still counts).
 */
export async function requeueStaleJobs(db: Database, staleBefore: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'queued', lockedAt: null, lockedBy: null })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore)));
}

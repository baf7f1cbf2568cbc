import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import {
  claimNextJob,
  completeJob,
  failJob,
  requeueStaleJobs,
  retryJob,
  insertJob,
  type ClaimedJob,
} from './job-queue.queries.ts';
import type { JobPayloads, JobToQueue, PayloadsByKind } from './job-kinds.ts';

/** What runs a kind of job; a throw is retried with back-off until the job's last attempt. */
export type JobHandler<Payload = Record<string, unknown>> = {
  run: (job: ClaimedJob<Payload>) => Promise<void>;
  /** Called once when the last attempt has failed, e.g. to show the failure to people. */
  onGaveUp?: (job: ClaimedJob<Payload>, error: string) => Promise<void>;
};

export type JobWorkerOptions = {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The first retry waits this long; each further one twice as long as the one before. */
  retryBaseMs: number;
  /** How often the queue is looked at when nothing kicked the worker. */
  pollMs: number;
};

// A job still "running" this long after it was claimed lost its worker (crash, kill).
const STALE_AFTER_MS = 10 * 60_000;

/**
 * The in-process worker of the jobs table (DESIGN §1 "Background work"): runs due jobs one at a
 * time, right after they are queued (`kick`) and on a timer for retries and other instances' jobs.
 */
export class JobWorker<Payloads extends PayloadsByKind = JobPayloads> {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private kickedWhileDraining = false;
  private stopped = true;

  constructor(private readonly options: JobWorkerOptions) {}

  /** Registers the handler of a kind of job; every kind is registered before `start`. */
  handle<Kind extends keyof Payloads & string>(
    kind: Kind,
    handler: JobHandler<Payloads[Kind]>,
  ): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for ${kind} jobs exists already`);
    // Only jobs of this kind reach it, each queued by `enqueue` with this kind's payload.
    this.handlers.set(kind, handler as JobHandler);
  }

  /** Queues a job (in the caller's transaction when `db` is one); call `kick` after it commits. */
  enqueue<Kind extends keyof Payloads & string>(
    db: Database,
    job: JobToQueue<Payloads, Kind>,
  ): Promise<string> {
    return insertJob(db, { ...job, runAt: this.options.clock() });
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Stops taking jobs and waits for the one running, so closing the app loses no work. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining;
  }

  /** Runs every due job now instead of at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.kickedWhileDraining = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.kickedWhileDraining) {
        this.kickedWhileDraining = false;
        this.kick();
      } else this.schedule();
    });
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.kick(), this.options.pollMs);
    // A waiting poll must not keep a finished process (a CLI, a test run) alive.
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const { db, clock, log } = this.options;
    try {
      await requeueStaleJobs(db, new Date(clock().getTime() - STALE_AFTER_MS));
      while (!this.stopped) {
        const job = await claimNextJob(db, this.workerId, [...this.handlers.keys()], clock());
        if (!job) return;
        await this.run(job);
      }
    } catch (error) {
      // The database went away (shutdown, restart): the next poll tries again.
      log.error({ err: error }, 'the job worker could not read the jobs table');
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { db, clock, log, retryBaseMs } = this.options;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for ${job.kind} jobs`);
      await handler.run(job);
      await completeJob(db, job.id, clock());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts < job.maxAttempts) {
        const delay = retryBaseMs * 2 ** (job.attempts - 1);
        log.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempts },
          `job failed: ${message}`,
        );
        await retryJob(db, job.id, new Date(clock().getTime() + delay), message);
        return;
      }
      log.error(
        { jobId: job.id, kind: job.kind, attempt: job.attempts },
        `job gave up: ${message}`,
      );
      await failJob(db, job.id, clock(), message);
      await handler?.onGaveUp?.(job, message).catch((gaveUpError: unknown) => {
        log.error({ err: gaveUpError, jobId: job.id, kind: job.kind }, 'onGaveUp failed');
      });
    }
  }
}

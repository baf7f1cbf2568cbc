import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { waitForIdleJobs } from '../../test/idle-jobs.ts';
import { cloneTemplate } from '../../test/template-database.ts';
import type { DatabaseConnection } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { reportJobProgress, requeueStaleJobs, type ClaimedJob } from './job-queue.queries.ts';
import { JobWorker, type JobHandler } from './job-worker.ts';

const T0 = new Date('2026-05-01T10:00:00.000Z');
const MINUTE = 60_000;
const RETRY_BASE_MS = 1_000;

describe('JobWorker on the jobs table', () => {
  let connection: DatabaseConnection;
  const log = Fastify({ logger: false }).log;
  /** The workers' clock: it only moves when a test moves it. */
  let now = T0;
  const clock = () => now;
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    connection = await cloneTemplate(inject('testBackend'));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await connection.db.delete(jobs);
    now = T0;
  });
  afterAll(async () => {
    await connection.close();
  });

  // The worker's own kinds, whatever their payloads: the application's map is not under test.
  type TestJobs = Record<string, Record<string, unknown>>;
  const newWorker = (handlers: Record<string, JobHandler>) => {
    const worker = new JobWorker<TestJobs>({
      db: connection.db,
      clock,
      log,
      retryBaseMs: RETRY_BASE_MS,
      pollMs: 10,
    });
    for (const [kind, handler] of Object.entries(handlers)) worker.handle(kind, handler);
    workers.push(worker);
    return worker;
  };
  const jobRow = async (id: string) => {
    const [row] = await connection.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row) throw new Error(`job ${id} not found`);
    return row;
  };
  const waitForJob = (id: string, match: Partial<Awaited<ReturnType<typeof jobRow>>>) =>
    expect.poll(() => jobRow(id), { timeout: 10_000 }).toMatchObject(match);
  /** Queues a job that does nothing and waits until a worker has run it. */
  const probe = async (worker: JobWorker<TestJobs>) => {
    const id = await worker.enqueue(connection.db, { kind: 'test.probe', payload: {} });
    worker.kick();
    await waitForJob(id, { status: 'done' });
  };
  const probeHandler: JobHandler = { run: async () => {} };

  it('runs a job once and marks it done', async () => {
    const runs: ClaimedJob[] = [];
    const worker = newWorker({
      'test.once': { run: async (job) => void runs.push(job) },
      'test.probe': probeHandler,
    });
    const id = await worker.enqueue(connection.db, {
      kind: 'test.once',
      payload: { greeting: 'hello' },
      maxAttempts: 3,
    });
    worker.start();
    await waitForJob(id, { status: 'done' });

    expect(runs).toEqual([
      {
        id,
        kind: 'test.once',
        orgId: null,
        payload: { greeting: 'hello' },
        attempts: 1,
        maxAttempts: 3,
      },
    ]);
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      finishedAt: T0,
      lockedAt: null,
      lockedBy: null,
      lastError: null,
    });
    // Later rounds of the worker do not run it again.
    await probe(worker);
    await probe(worker);
    expect(runs.map((job) => job.id)).toEqual([id]);
  });

  it('retries a failing job with exponential back-off, then gives up once', async () => {
    const runs: number[] = [];
    const onGaveUp = vi.fn(async (_job: ClaimedJob, _error: string) => {});
    const worker = newWorker({
      'test.flaky': {
        async run(job) {
          runs.push(job.attempts);
          throw new Error(`attempt ${job.attempts} failed`);
        },
        onGaveUp,
      },
      'test.probe': probeHandler,
    });
    const maxAttempts = 4;
    const id = await worker.enqueue(connection.db, {
      kind: 'test.flaky',
      payload: {},
      maxAttempts,
    });
    worker.start();

    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      const delay = RETRY_BASE_MS * 2 ** (attempt - 1);
      await waitForJob(id, { status: 'queued', attempts: attempt });
      const row = await jobRow(id);
      expect(row.runAt.getTime() - now.getTime()).toBe(delay);
      expect(row.lastError).toBe(`attempt ${attempt} failed`);
      expect(row).toMatchObject({ lockedAt: null, lockedBy: null, finishedAt: null });

      // Not due a millisecond early: a job queued after it runs, it does not.
      now = new Date(now.getTime() + delay - 1);
      await probe(worker);
      expect(runs).toHaveLength(attempt);
      now = new Date(now.getTime() + 1);
      worker.kick();
    }

    await waitForJob(id, { status: 'failed' });
    expect(await jobRow(id)).toMatchObject({
      attempts: maxAttempts,
      lastError: `attempt ${maxAttempts} failed`,
      finishedAt: now,
      lockedAt: null,
      lockedBy: null,
    });
    expect(runs).toEqual([1, 2, 3, 4]);
    await expect.poll(() => onGaveUp.mock.calls.length).toBe(1);
    expect(onGaveUp).toHaveBeenCalledWith(
      expect.objectContaining({ id, attempts: maxAttempts, maxAttempts }),
      `attempt ${maxAttempts} failed`,
    );

    // A failed job stays failed, however far the clock moves.
    now = new Date(now.getTime() + 60 * MINUTE);
    await probe(worker);
    expect(runs).toHaveLength(maxAttempts);
    expect(onGaveUp).toHaveBeenCalledTimes(1);
  });

  it('leaves a job of a kind it has no handler for to a worker that has one', async () => {
    const worker = newWorker({ 'test.probe': probeHandler });
    const id = await worker.enqueue(connection.db, {
      kind: 'test.unhandled',
      payload: {},
      maxAttempts: 1,
    });
    worker.start();
    await probe(worker);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0 });

    const runs: ClaimedJob[] = [];
    const newer = newWorker({ 'test.unhandled': { run: async (job) => void runs.push(job) } });
    newer.start();
    await waitForJob(id, { status: 'done', attempts: 1 });
    expect(runs).toHaveLength(1);
  });

  it('requeues a job whose worker died while running it, and leaves a live one alone', async () => {
    const runs: ClaimedJob[] = [];
    const insertRunning = async (lockedAt: Date, lockedBy: string) => {
      const [row] = await connection.db
        .insert(jobs)
        .values({
          kind: 'test.stale',
          payload: { lockedBy },
          status: 'running',
          attempts: 1,
          maxAttempts: 3,
          runAt: new Date(T0.getTime() - 30 * MINUTE),
          lockedAt,
          lockedBy,
        })
        .returning({ id: jobs.id });
      if (!row) throw new Error('job not inserted');
      return row.id;
    };
    const stale = await insertRunning(new Date(T0.getTime() - 10 * MINUTE - 1), 'worker-gone');
    const live = await insertRunning(new Date(T0.getTime() - 9 * MINUTE), 'worker-busy');

    const worker = newWorker({ 'test.stale': { run: async (job) => void runs.push(job) } });
    worker.start();
    await waitForJob(stale, { status: 'done', attempts: 2, lockedBy: null });
    expect(runs.map((job) => [job.id, job.attempts])).toEqual([[stale, 2]]);
    expect(await jobRow(live)).toMatchObject({
      status: 'running',
      attempts: 1,
      lockedBy: 'worker-busy',
    });
  });

  it('lets two workers share the table without running a job twice', async () => {
    const handled: { id: string; worker: string }[] = [];
    const handlerOf = (worker: string): JobHandler => ({
      run: async (job) => void handled.push({ id: job.id, worker }),
    });
    const first = newWorker({ 'test.shared': handlerOf('first') });
    const second = newWorker({ 'test.shared': handlerOf('second') });
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) {
      ids.push(await first.enqueue(connection.db, { kind: 'test.shared', payload: { n } }));
    }
    first.start();
    second.start();

    await waitForIdleJobs(connection.db);
    expect(handled.map((run) => run.id).sort()).toEqual([...ids].sort());
    const rows = await connection.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    // Both took part, so the test exercised the sharing.
    expect(new Set(handled.map((run) => run.worker))).toEqual(new Set(['first', 'second']));
  });

  it('stop() waits for the running job and takes no further one', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const afterRuns: string[] = [];
    const worker = newWorker({
      'test.slow': {
        async run() {
          started();
          await gate;
        },
      },
      'test.after': { run: async (job) => void afterRuns.push(job.id) },
    });
    const slow = await worker.enqueue(connection.db, { kind: 'test.slow', payload: {} });
    now = new Date(T0.getTime() + 1);
    const after = await worker.enqueue(connection.db, { kind: 'test.after', payload: {} });
    worker.start();
    await running;

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    // Nothing can be awaited for "not yet": give stop() a moment to (wrongly) return.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    expect((await jobRow(slow)).status).toBe('running');

    release();
    await stopping;
    // The running job was finished and recorded before stop() returned; the next one waits.
    expect((await jobRow(slow)).status).toBe('done');
    expect(await jobRow(after)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(afterRuns).toEqual([]);

    // Started again, it picks the waiting job up.
    worker.start();
    await waitForJob(after, { status: 'done' });
    expect(afterRuns).toEqual([after]);
  });

  it('keeps the progress a long job reports, seen while it runs, as its heartbeat', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const heartbeat = new Date(Date.now() + 3600_000);
    const worker = newWorker({
      'test.long': {
        async run(job) {
          await reportJobProgress(connection.db, job.id, { done: 0, total: 3 }, new Date());
          await reportJobProgress(connection.db, job.id, { done: 2, total: 3 }, heartbeat);
          await gate;
          await reportJobProgress(connection.db, job.id, { done: 3, total: 3 }, new Date());
        },
      },
    });
    const id = await worker.enqueue(connection.db, { kind: 'test.long', payload: {} });
    expect((await jobRow(id)).progress).toBeNull();
    worker.start();
    await waitForJob(id, { status: 'running', progress: { done: 2, total: 3 } });
    // Stale means not heard of since before the last report: this job reported, so it stays.
    expect((await jobRow(id)).lockedAt).toEqual(heartbeat);
    await requeueStaleJobs(connection.db, new Date(heartbeat.getTime() - 1));
    expect(await jobRow(id)).toMatchObject({ status: 'running' });
    release();
    await waitForJob(id, { status: 'done', progress: { done: 3, total: 3 } });
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import type { JobHandler, JobWorker } from '../../jobs/job-worker.ts';
import { lockForTransaction } from '../../lib/advisory-lock.queries.ts';
import type { BillingProvider } from '../../lib/billing/billing-provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { invoiceOrganisation, type Invoicing } from './invoicing.ts';
import { hasUnfinishedJob, listDueOrgIds } from './invoicing.queries.ts';

/** Invoices one organisation, the job's org_id (no payload). */
export const BILLING_INVOICE_JOB = 'billing.invoice' satisfies JobKind;

type SweepDeps = {
  db: Database;
  clock: Clock;
  jobs: JobWorker;
  billing: Pick<BillingProvider, 'name'>;
  log: FastifyBaseLogger;
};

/**
 * Queues 'billing.invoice' for each organisation billing has work for (its next billing date is
 * today or earlier in its time zone, or a draft or a charge is unfinished), unless one is queued
 * or running for it. Decided under an advisory lock per organisation, so several instances
 * sweeping at once queue each organisation once.
 */
export async function sweepDueOrganisations({ db, clock, jobs, billing }: Omit<SweepDeps, 'log'>) {
  let queued = 0;
  for (const orgId of await listDueOrgIds(db, clock(), billing.name)) {
    await db.transaction(async (tx) => {
      await lockForTransaction(tx, `billing.invoice:${orgId}`);
      if (await hasUnfinishedJob(tx, BILLING_INVOICE_JOB, { orgId })) return;
      await jobs.enqueue(tx, { kind: BILLING_INVOICE_JOB, orgId, payload: {} });
      queued += 1;
    });
  }
  if (queued > 0) jobs.kick();
}

/**
 * The billing sweep of this instance: once when the app is ready, then every
 * BILLING_SWEEP_MINUTES. A timer rather than a job waiting in the queue, so the queue is idle
 * when there is nothing to do; the sweep only queues invoice jobs, which the jobs table runs once
 * whichever instance queued them.
 */
export function billingSweep(deps: SweepDeps & { minutes: number }) {
  let timer: NodeJS.Timeout | null = null;
  const sweep = () =>
    sweepDueOrganisations(deps).catch((error: unknown) => {
      // The database away (a restart): the next sweep tries again.
      deps.log.error({ err: error }, 'the billing sweep could not run');
    });
  return {
    async start() {
      await sweep();
      timer = setInterval(() => void sweep(), deps.minutes * 60_000);
      // A waiting sweep must not keep a finished process (a CLI, a test run) alive.
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/**
 * The 'billing.invoice' job: everything billing owes the organisation now (invoicing.ts). A
 * throw (the provider unreachable) is retried with back-off; each run does only what is left.
 */
export function billingInvoiceHandler(
  deps: Invoicing & { clock: Clock },
): JobHandler<JobPayloads[typeof BILLING_INVOICE_JOB]> {
  return {
    async run(job) {
      // A deleted organisation takes its jobs with it; nothing else leaves one without it.
      if (!job.orgId) return;
      await invoiceOrganisation(deps, job.orgId, deps.clock());
    },
  };
}

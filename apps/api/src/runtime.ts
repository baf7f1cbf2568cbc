import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import { refreshDemoRecordings } from './demo/demo-refresh.ts';
import {
  BILLING_INVOICE_JOB,
  billingInvoiceHandler,
  billingSweep,
} from './features/billing/billing-jobs.ts';
import { BILLING_MAIL_JOB, invoiceMailHandler } from './features/billing/invoice-mail.ts';
import {
  DEMO_ORG_REFRESH_JOB,
  demoOrgRefreshHandler,
} from './features/demo-org/demo-org-refresh.ts';
import {
  INVITATION_MAIL_JOB,
  invitationMailHandler,
} from './features/invitations/invitation-mail.ts';
import { CLAIM_MAIL_JOB, claimMailHandler } from './features/lifetime-claims/claim-mail.ts';
import {
  SIGN_UP_NOTICE_JOB,
  signUpNoticeHandler,
  VERIFICATION_MAIL_JOB,
  verificationMailHandler,
} from './features/email-verification/verification-mail.ts';
import {
  EMAIL_CHANGE_MAIL_JOB,
  EMAIL_CHANGE_NOTICE_JOB,
  emailChangeMailHandler,
  emailChangeNoticeHandler,
} from './features/email-change/email-change-mail.ts';
import { RESET_MAIL_JOB, resetMailHandler } from './features/passwords/reset-mail.ts';
import { JobWorker } from './jobs/job-worker.ts';
import { createBillingProvider } from './lib/billing/create-billing-provider.ts';
import { createHrvPool } from './lib/hrv-pool.ts';
import { createMailer } from './lib/mailer.ts';

/**
 * What runs beside the HTTP app: the mailer, the job worker with every job's handler, the HRV
 * worker threads, the billing provider and its sweep. Built in one place, so one `stop` ends
 * all of it in the order they depend on each other.
 */
export function createRuntime(deps: AppDeps, log: FastifyBaseLogger) {
  // The worker threads that check recordings and compute their metrics: started by the first
  // ingest, closed by `stop`.
  const hrv = createHrvPool();
  const mailer = createMailer(deps.config, deps.db, deps.clock);
  const jobs = new JobWorker({
    db: deps.db,
    clock: deps.clock,
    log,
    retryBaseMs: deps.config.JOB_RETRY_BASE_MS,
    pollMs: deps.config.JOB_POLL_MS,
  });
  // Stripe when its keys are set, the built-in test mode otherwise (DESIGN §1 "Payments").
  const billing = createBillingProvider(deps.config, deps.db, deps.clock);

  jobs.handle(INVITATION_MAIL_JOB, invitationMailHandler({ ...deps, mailer }));
  jobs.handle(CLAIM_MAIL_JOB, claimMailHandler({ ...deps, mailer }));
  jobs.handle(VERIFICATION_MAIL_JOB, verificationMailHandler({ ...deps, mailer }));
  jobs.handle(SIGN_UP_NOTICE_JOB, signUpNoticeHandler({ ...deps, mailer }));
  jobs.handle(RESET_MAIL_JOB, resetMailHandler({ ...deps, mailer }));
  jobs.handle(EMAIL_CHANGE_MAIL_JOB, emailChangeMailHandler({ ...deps, mailer }));
  jobs.handle(EMAIL_CHANGE_NOTICE_JOB, emailChangeNoticeHandler({ ...deps, mailer }));
  jobs.handle(
    DEMO_ORG_REFRESH_JOB,
    demoOrgRefreshHandler({
      ...deps,
      refreshDemoRecordings: (db, orgId, now, options) =>
        refreshDemoRecordings(db, orgId, now, { ...options, hrv }),
    }),
  );
  const invoicing = { db: deps.db, billing, seatPriceCents: deps.config.SEAT_PRICE_CENTS };
  jobs.handle(BILLING_INVOICE_JOB, billingInvoiceHandler({ ...invoicing, clock: deps.clock }));
  jobs.handle(BILLING_MAIL_JOB, invoiceMailHandler({ db: deps.db, mailer }));
  const sweep = billingSweep({
    ...deps,
    jobs,
    billing,
    log,
    minutes: deps.config.BILLING_SWEEP_MINUTES,
  });

  return {
    hrv,
    jobs,
    billing,
    /** Starts the job worker and the billing sweep, once the app is ready. */
    async start() {
      jobs.start();
      await sweep.start();
    },
    /**
     * The running job finishes before the database closes; then the mail connection and the HRV
     * threads go (requests are answered by now, and the job was the last other user of the
     * threads).
     */
    async stop() {
      sweep.stop();
      await jobs.stop();
      mailer.close();
      await hrv.close();
    },
  };
}

/**
 * Every kind of background job and the payload (JSON) it carries: the one map that the worker's
 * `enqueue` and `handle` check a job against, so a handler reads the payload its kind was queued
 * with. A job's organisation is its org_id, never part of the payload.
 */
export type JobPayloads = {
  'invitation.mail': { invitationId: string };
  'lifetime-claim.mail': { claimId: string };
  /** A sign-up's confirmation link (an account_tokens row of purpose verify-email). */
  'account.verification-mail': { tokenId: string };
  /** Someone signed up with the proven address of this account: tell its owner. */
  'account.sign-up-notice': { accountId: string };
  /** An email change's link to the new address (an account_tokens row of purpose change-email). */
  'account.email-change-mail': { tokenId: string };
  /** An email change was asked for: tell the old address. */
  'account.email-change-notice': { to: string; newEmail: string };
  /** The account token (purpose reset-password) whose link to mail. */
  'password-reset.mail': { tokenId: string };
  'billing.invoice-mail': { invoiceId: string };
  /** Invoices the job's organisation. */
  'billing.invoice': Record<string, never>;
  /** Refreshes the job's demo organisation. */
  'demo-org.refresh': Record<string, never>;
};

export type JobKind = keyof JobPayloads;

/** Kinds of jobs with their payloads: the application's (JobPayloads), or a test's own. */
export type PayloadsByKind = Record<string, Record<string, unknown>>;

/** A job to queue: a kind and that kind's payload, with the organisation it is for. */
export type JobToQueue<Payloads extends PayloadsByKind, Kind extends keyof Payloads> = {
  kind: Kind;
  payload: Payloads[Kind];
  orgId?: string | null;
  maxAttempts?: number;
};

import { z } from 'zod';
import { InviteEmail, MAIL_STATUSES } from './invitations.ts';

export const CLAIMS_LIMIT_MAX = 100;

export const CLAIM_STATUSES = ['pending', 'claimed', 'revoked', 'expired'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

// The string the spec gives (SPEC §8), used verbatim by the API and the web app.
export const CLAIM_NOT_VALID_MESSAGE = 'Sorry the claim link does not seem to be valid!!';

// Messages the spec leaves to us.
export const CLAIM_ISSUED_MESSAGE = 'Claim link sent successfully';
export const CLAIMED_MESSAGE = 'Lifetime membership claimed successfully';
export const CLAIM_WRONG_ACCOUNT_MESSAGE =
  'This claim link was sent to a different email address. Sign in with that email to claim ' +
  'the lifetime membership, or ask for a new link for this account.';
export const ALREADY_LIFETIME_MESSAGE = 'This account already has a lifetime membership';
export const APP_ADMIN_NO_CLAIM_MESSAGE = 'The app admin account cannot hold a membership';

const ClaimToken = z
  .string({ error: CLAIM_NOT_VALID_MESSAGE })
  .min(1, CLAIM_NOT_VALID_MESSAGE)
  .max(200, CLAIM_NOT_VALID_MESSAGE);

/**
 * POST /api/admin/lifetime-claims: the app admin issues a claim link for an email, optionally for
 * one organisation (the membership is then a lifetime seat there). Earlier unclaimed links for
 * the same email are voided.
 */
export const IssueClaimBody = z.object({
  email: InviteEmail,
  orgId: z.uuid('orgId must be an id').nullish(),
});
export type IssueClaimBody = z.input<typeof IssueClaimBody>;

export const LifetimeClaim = z.object({
  id: z.string(),
  email: z.string(),
  org_name: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  mail_status: z.enum(MAIL_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  claimed_at: z.string().nullable(),
});
export type LifetimeClaim = z.infer<typeof LifetimeClaim>;

export const ClaimListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CLAIMS_LIMIT_MAX).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ClaimListQuery = z.input<typeof ClaimListQuery>;

export const ClaimListResponse = z.object({
  list: z.array(LifetimeClaim),
  noOfRows: z.number().int(),
});
export type ClaimListResponse = z.infer<typeof ClaimListResponse>;

export const ClaimIssuedResponse = z.object({ message: z.string(), claim: LifetimeClaim });
export type ClaimIssuedResponse = z.infer<typeof ClaimIssuedResponse>;

/** GET /api/life_time_subscription/claim_details?ml={token}: what the claim page shows. */
export const ClaimDetailsQuery = z.object({ ml: ClaimToken });
export type ClaimDetailsQuery = z.input<typeof ClaimDetailsQuery>;

export const ClaimDetails = z.object({
  org_name: z.string().nullable(),
  accountSameAsEmail: z.boolean(),
  expires_at: z.string(),
});
export type ClaimDetails = z.infer<typeof ClaimDetails>;

/** POST /api/life_time_subscription/claim_membership {ml} (SPEC §7). */
export const ClaimMembershipBody = z.object({ ml: ClaimToken });
export type ClaimMembershipBody = z.input<typeof ClaimMembershipBody>;

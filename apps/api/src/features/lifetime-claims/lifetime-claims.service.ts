import type { z } from 'zod';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  ALREADY_LIFETIME_MESSAGE,
  APP_ADMIN_NO_CLAIM_MESSAGE,
  CLAIM_ISSUED_MESSAGE,
  CLAIM_NOT_VALID_MESSAGE,
  CLAIM_WRONG_ACCOUNT_MESSAGE,
  CLAIMED_MESSAGE,
  type ClaimDetails,
  type ClaimIssuedResponse,
  type ClaimListQuery,
  type ClaimListResponse,
  type IssueClaimBody,
  type LifetimeClaim,
} from '@resonant/contracts/lifetime-claims';
import type { AppDeps } from '../../app-deps.ts';
import { loadAccountEmail } from '../../kernel/current-user.queries.ts';
import { lockForTransaction } from '../../lib/advisory-lock.queries.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { markEmailVerified } from '../../kernel/accounts.queries.ts';
import { audit } from '../../kernel/audit.ts';
import { hashToken } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { joinOrganisation } from '../../lib/join-organisation.queries.ts';
import { linkExpiry, voidTokenHash } from '../../lib/link-tokens.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { CLAIM_MAIL_JOB } from './claim-mail.ts';
import {
  findClaimById,
  findClaimByTokenHash,
  hasLifetimeMembership,
  insertClaim,
  listClaims,
  markClaimClaimed,
  organisationExists,
  revokePendingClaims,
  type ClaimRow,
} from './lifetime-claims.queries.ts';

export type LifetimeClaimsDeps = AppDeps & { jobs: JobWorker };

function presentClaim(row: ClaimRow, now: Date): LifetimeClaim {
  const expired = row.status === 'pending' && row.expiresAt <= now;
  return {
    id: row.id,
    email: row.email,
    org_name: row.orgName,
    status: expired ? 'expired' : row.status,
    mail_status: row.mailStatus,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    claimed_at: row.claimedAt?.toISOString() ?? null,
  };
}

/** The claim links issued so far (GET /api/admin/lifetime-claims). */
export async function listClaimLinks(
  deps: AppDeps,
  query: z.output<typeof ClaimListQuery>,
): Promise<ClaimListResponse> {
  const { rows, total } = await listClaims(deps.db, query);
  const now = deps.clock();
  return { list: rows.map((row) => presentClaim(row, now)), noOfRows: total };
}

/**
 * Issues a claim link for an email (POST /api/admin/lifetime-claims), optionally for one
 * organisation; earlier unclaimed links of that email stop working. The mail is queued with it.
 */
export async function issueClaim(
  deps: LifetimeClaimsDeps,
  scope: TenantScope,
  body: z.output<typeof IssueClaimBody>,
): Promise<ClaimIssuedResponse> {
  if (body.email === deps.config.APP_ADMIN_EMAIL) throw conflict(APP_ADMIN_NO_CLAIM_MESSAGE);
  if (body.orgId && !(await organisationExists(deps.db, body.orgId))) {
    throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  }
  const now = deps.clock();
  const claimId = await deps.db.transaction(async (tx) => {
    // One issue per email at a time, so two simultaneous requests cannot both leave a live link.
    await lockForTransaction(tx, `lifetime-claim:${body.email}`);
    await revokePendingClaims(tx, body.email, now);
    const id = await insertClaim(tx, {
      email: body.email,
      orgId: body.orgId ?? null,
      tokenHash: voidTokenHash(),
      issuedByAccountId: scope.accountId,
      expiresAt: linkExpiry(now, deps.config.CLAIM_LINK_TTL_DAYS),
      createdAt: now,
    });
    if (!id) throw new Error('claim not stored');
    await deps.jobs.enqueue(tx, {
      kind: CLAIM_MAIL_JOB,
      orgId: body.orgId ?? null,
      payload: { claimId: id },
      maxAttempts: deps.config.MAIL_MAX_ATTEMPTS,
    });
    await audit(tx, { ...scope, orgId: body.orgId ?? null }, 'lifetime-claim.issue', id);
    return id;
  });
  deps.jobs.kick();
  const row = await findClaimById(deps.db, claimId);
  if (!row) throw new Error('the claim just written was not found');
  return { message: CLAIM_ISSUED_MESSAGE, claim: presentClaim(row, now) };
}

/** The pending, unexpired claim a link opens; anything else is the spec's one message (404). */
async function openClaim(deps: AppDeps, token: string) {
  const claim = await findClaimByTokenHash(deps.db, hashToken(token));
  if (!claim || claim.status !== 'pending' || claim.expiresAt <= deps.clock()) {
    throw notFound(CLAIM_NOT_VALID_MESSAGE);
  }
  return claim;
}

/** What the claim page shows (GET /api/life_time_subscription/claim_details). */
export async function claimDetails(
  deps: AppDeps,
  scope: TenantScope,
  { ml: token }: { ml: string },
): Promise<ClaimDetails> {
  const claim = await openClaim(deps, token);
  const email = await loadAccountEmail(deps.db, scope.accountId);
  return {
    org_name: claim.orgName,
    accountSameAsEmail: email === claim.email.toLowerCase(),
    expires_at: claim.expiresAt.toISOString(),
  };
}

/**
 * Claim Now (POST /api/life_time_subscription/claim_membership): binds the membership to the
 * signed-in account for good — the claim records the account and can never be moved to another
 * (SPEC §4) — and, for an organisation's claim, makes the account's seat there a lifetime one.
 */
export async function claimMembership(
  deps: AppDeps,
  scope: TenantScope,
  { ml: token }: { ml: string },
): Promise<{ message: string }> {
  const claim = await openClaim(deps, token);
  const accountId = scope.accountId;
  if (scope.role === 'super') throw conflict(APP_ADMIN_NO_CLAIM_MESSAGE);
  const email = await loadAccountEmail(deps.db, accountId);
  if (email !== claim.email.toLowerCase()) throw forbidden(CLAIM_WRONG_ACCOUNT_MESSAGE);
  if (await hasLifetimeMembership(deps.db, accountId)) throw conflict(ALREADY_LIFETIME_MESSAGE);

  const now = deps.clock();
  try {
    await deps.db.transaction(async (tx) => {
      const claimed = await markClaimClaimed(
        tx,
        { claimId: claim.id, tokenHash: hashToken(token), accountId },
        now,
      );
      if (!claimed) throw notFound(CLAIM_NOT_VALID_MESSAGE);
      // The link went to the claimed address only: claiming with it proves the address (issue 27).
      if (await markEmailVerified(tx, accountId, claim.email, now)) {
        await audit(tx, { ...scope, orgId: null }, 'account.email-verified', accountId, {
          by: 'lifetime-claim',
        });
      }
      if (claim.orgId) {
        await joinOrganisation(tx, { orgId: claim.orgId, accountId, groupIds: [], lifetime: true });
      }
      await audit(tx, { ...scope, orgId: claim.orgId }, 'lifetime-claim.claim', claim.id);
    });
  } catch (error) {
    // Two claims raced for one account: the unique index keeps it to one membership.
    if (isUniqueViolation(error)) throw conflict(ALREADY_LIFETIME_MESSAGE);
    throw error;
  }
  return { message: CLAIMED_MESSAGE };
}

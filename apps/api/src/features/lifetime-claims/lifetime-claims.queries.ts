import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { MailStatus } from '@resonant/contracts/invitations';
import type { Database } from '../../db/client.ts';
import { lifetimeClaims } from '../../db/schema/invitations.ts';
import { organisations } from '../../db/schema/organisations.ts';

// Claim links are platform-level (the app admin's): no tenant scope applies to them.

const claimColumns = {
  id: lifetimeClaims.id,
  email: lifetimeClaims.email,
  orgId: lifetimeClaims.orgId,
  orgName: organisations.name,
  status: lifetimeClaims.status,
  mailStatus: lifetimeClaims.mailStatus,
  expiresAt: lifetimeClaims.expiresAt,
  claimedAt: lifetimeClaims.claimedAt,
  createdAt: lifetimeClaims.createdAt,
};

function selectClaims(db: Database) {
  return db
    .select(claimColumns)
    .from(lifetimeClaims)
    .leftJoin(organisations, eq(organisations.id, lifetimeClaims.orgId));
}

export type ClaimRow = NonNullable<Awaited<ReturnType<typeof findClaimById>>>;

export async function findClaimById(db: Database, claimId: string) {
  const [row] = await selectClaims(db).where(eq(lifetimeClaims.id, claimId));
  return row ?? null;
}

/** The claim a link's token opens; only the token's hash is compared. */
export async function findClaimByTokenHash(db: Database, tokenHash: string) {
  const [row] = await selectClaims(db).where(eq(lifetimeClaims.tokenHash, tokenHash));
  return row ?? null;
}

/** One page of the claim links, newest first. */
export async function listClaims(db: Database, page: { limit: number; offset: number }) {
  const [rows, [totals]] = await Promise.all([
    selectClaims(db)
      .orderBy(desc(lifetimeClaims.createdAt), desc(lifetimeClaims.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(lifetimeClaims),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Voids the live unclaimed links of an email: only the newest link issued for it works. */
export async function revokePendingClaims(db: Database, email: string, now: Date) {
  await db
    .update(lifetimeClaims)
    .set({ status: 'revoked' })
    .where(
      and(
        eq(sql`lower(${lifetimeClaims.email})`, email),
        eq(lifetimeClaims.status, 'pending'),
        // An expired link stays shown as expired.
        gt(lifetimeClaims.expiresAt, now),
      ),
    );
}

/** Whether an organisation with this id exists (a claim may name any organisation). */
export async function organisationExists(db: Database, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return row !== undefined;
}

/** Whether the account holds a lifetime membership already (one per account, for good). */
export async function hasLifetimeMembership(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lifetimeClaims.id })
    .from(lifetimeClaims)
    .where(eq(lifetimeClaims.claimedByAccountId, accountId));
  return row !== undefined;
}

/** Stores the hash of the claim's mailed token; false when it stopped being pending. */
export async function storeClaimTokenHash(
  db: Database,
  id: string,
  tokenHash: string,
): Promise<boolean> {
  const [issued] = await db
    .update(lifetimeClaims)
    .set({ tokenHash })
    .where(and(eq(lifetimeClaims.id, id), eq(lifetimeClaims.status, 'pending')))
    .returning({ id: lifetimeClaims.id });
  return issued !== undefined;
}

export async function setClaimMailStatus(
  db: Database,
  id: string,
  mailStatus: MailStatus,
): Promise<void> {
  await db.update(lifetimeClaims).set({ mailStatus }).where(eq(lifetimeClaims.id, id));
}

/** Stores a new claim and answers its id. */
export async function insertClaim(
  tx: Database,
  claim: Omit<typeof lifetimeClaims.$inferInsert, 'id'>,
): Promise<string | undefined> {
  const [row] = await tx.insert(lifetimeClaims).values(claim).returning({ id: lifetimeClaims.id });
  return row?.id;
}

/**
 * Marks the claim claimed by the account when it is still the pending, unexpired claim of this
 * token; answers whether it was.
 */
export async function markClaimClaimed(
  tx: Database,
  claim: { claimId: string; tokenHash: string; accountId: string },
  now: Date,
): Promise<boolean> {
  const [claimed] = await tx
    .update(lifetimeClaims)
    .set({ status: 'claimed', claimedByAccountId: claim.accountId, claimedAt: now })
    .where(
      and(
        eq(lifetimeClaims.id, claim.claimId),
        eq(lifetimeClaims.tokenHash, claim.tokenHash),
        eq(lifetimeClaims.status, 'pending'),
        gt(lifetimeClaims.expiresAt, now),
      ),
    )
    .returning({ id: lifetimeClaims.id });
  return claimed !== undefined;
}

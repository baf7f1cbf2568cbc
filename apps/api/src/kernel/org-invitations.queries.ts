import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { invitations } from '../db/schema/invitations.ts';
import { orgMemberships } from '../db/schema/organisations.ts';

/** The lower-cased emails among `emails` whose accounts are members of the organisation. */
export async function memberEmails(
  db: Database,
  orgId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: accounts.email })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .where(
      and(eq(orgMemberships.orgId, orgId), inArray(sql`lower(${accounts.email})`, [...emails])),
    );
  return new Set(rows.map((row) => row.email.toLowerCase()));
}

/** Marks the organisation's pending invitations of these emails whose link has expired as expired. */
export async function expireStaleInvitationsOf(
  tx: Database,
  orgId: string,
  emails: readonly string[],
  now: Date,
) {
  if (emails.length === 0) return;
  await tx
    .update(invitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(invitations.orgId, orgId),
        inArray(sql`lower(${invitations.email})`, [...emails]),
        eq(invitations.status, 'pending'),
        lte(invitations.expiresAt, now),
      ),
    );
}

/**
 * Stores the invitations; one already pending for an email in the organisation is left as it is.
 * Answers those stored here: id and lower-cased email.
 */
export async function insertInvitationsUnlessPending(
  tx: Database,
  rows: readonly Omit<typeof invitations.$inferInsert, 'id'>[],
): Promise<{ id: string; email: string }[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(invitations)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: invitations.id, email: invitations.email });
  return inserted.map((row) => ({ id: row.id, email: row.email.toLowerCase() }));
}

/**
 * The account's creating organisation and its pending, unexpired invitations there, when the
 * account was made by an organisation and has never been signed in to; else null.
 */
export async function findUnclaimedInvitations(db: Database, accountId: string, now: Date) {
  const [account] = await db
    .select({ email: accounts.email, orgId: accounts.createdByOrgId })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.lastSignInAt)));
  if (!account?.orgId) return [];
  return db
    .select({
      id: invitations.id,
      orgId: invitations.orgId,
      groupId: invitations.groupId,
      moreGroupIds: invitations.moreGroupIds,
      role: invitations.role,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.orgId, account.orgId),
        eq(sql`lower(${invitations.email})`, account.email.toLowerCase()),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, now),
      ),
    );
}

/** Records an invitation as accepted by the account, when it is still pending. */
export async function markInvitationAccepted(
  tx: Database,
  invitationId: string,
  accountId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(invitations)
    .set({ status: 'accepted', respondedAt: now, acceptedByAccountId: accountId })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  return row !== undefined;
}

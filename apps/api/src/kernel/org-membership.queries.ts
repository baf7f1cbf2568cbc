import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { groupMemberships, orgMemberships } from '../db/schema/organisations.ts';

/** An account's place in one organisation. */
export type MembershipRef = { orgId: string; accountId: string };

/**
 * Deletes the org membership, then the group memberships of that organisation; returns who paid
 * the seat as it ended (null when it was gone already).
 */
export async function deleteOrgMembership(tx: Database, ref: MembershipRef) {
  // The org membership first: it waits for an add-to-group that holds it (key share) to commit,
  // so the group memberships deleted next include the one that add made.
  const [ended] = await tx
    .delete(orgMemberships)
    .where(and(eq(orgMemberships.orgId, ref.orgId), eq(orgMemberships.accountId, ref.accountId)))
    .returning({ payer: orgMemberships.payer, lifetime: orgMemberships.lifetime });
  await tx
    .delete(groupMemberships)
    .where(
      and(eq(groupMemberships.orgId, ref.orgId), eq(groupMemberships.accountId, ref.accountId)),
    );
  return ended ?? null;
}

/** The org admins of an organisation, locked until the transaction ends, so a count holds. */
export async function lockOrgAdminIds(tx: Database, orgId: string): Promise<string[]> {
  const rows = await tx
    .select({ accountId: orgMemberships.accountId })
    .from(orgMemberships)
    .where(and(eq(orgMemberships.orgId, orgId), eq(orgMemberships.role, 'admin')))
    .orderBy(asc(orgMemberships.id))
    .for('update');
  return rows.map((row) => row.accountId);
}

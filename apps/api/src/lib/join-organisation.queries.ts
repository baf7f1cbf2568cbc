import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { groupMemberships, groups, orgMemberships } from '../db/schema/organisations.ts';

export type JoinOrganisation = {
  orgId: string;
  accountId: string;
  /** The groups of the organisation to join besides its Default group, which every member is in. */
  groupIds: string[];
  /** Make the account an org admin; an existing admin is never demoted. */
  orgAdmin?: boolean;
  /** The group (one of `groupIds`) the account administers; existing admin rights are kept. */
  adminOfGroupId?: string | null;
  /** A lifetime seat: nothing to pay, and it stays with this account. */
  lifetime?: boolean;
};

/**
 * Puts an account in an organisation, its Default group and the given groups, or raises what it holds there already: a
 * consenting join (an accepted invitation, a claimed lifetime link) only ever adds rights. Run it
 * inside the transaction that records the consent.
 */
export async function joinOrganisation(tx: Database, join: JoinOrganisation): Promise<void> {
  const raised = {
    ...(join.orgAdmin ? { role: 'admin' as const } : {}),
    ...(join.lifetime ? { lifetime: true } : {}),
  };
  const membership = tx.insert(orgMemberships).values({
    orgId: join.orgId,
    accountId: join.accountId,
    role: join.orgAdmin ? 'admin' : 'member',
    lifetime: join.lifetime ?? false,
  });
  if (Object.keys(raised).length > 0) {
    await membership.onConflictDoUpdate({
      target: [orgMemberships.orgId, orgMemberships.accountId],
      set: raised,
    });
  } else await membership.onConflictDoNothing();

  const [defaultGroup] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.orgId, join.orgId), eq(groups.isDefault, true)));
  // A group named by an invitation may have been deleted since it was sent: it is left out.
  const live = join.groupIds.length
    ? await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.orgId, join.orgId), inArray(groups.id, join.groupIds)))
    : [];
  const groupIds = [
    ...new Set([...(defaultGroup ? [defaultGroup.id] : []), ...live.map((group) => group.id)]),
  ];
  if (groupIds.length === 0) return;
  // The Default group holds everyone: never an admin of it (an invitation sent before invite()
  // refused that would otherwise still grant it).
  const adminOfGroupId = join.adminOfGroupId === defaultGroup?.id ? null : join.adminOfGroupId;
  await tx
    .insert(groupMemberships)
    .values(
      groupIds.map((groupId) => ({
        orgId: join.orgId,
        groupId,
        accountId: join.accountId,
        isAdmin: groupId === adminOfGroupId,
      })),
    )
    .onConflictDoNothing();
  if (adminOfGroupId) {
    await tx
      .update(groupMemberships)
      .set({ isAdmin: true })
      .where(
        and(
          eq(groupMemberships.groupId, adminOfGroupId),
          eq(groupMemberships.accountId, join.accountId),
          sql`not ${groupMemberships.isAdmin}`,
        ),
      );
  }
}

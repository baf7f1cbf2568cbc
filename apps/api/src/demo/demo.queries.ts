import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { invoices } from '../db/schema/billing.ts';
import { invitations } from '../db/schema/invitations.ts';
import { groups, organisations } from '../db/schema/organisations.ts';
import { selectNamedPeople } from '../lib/named-people.queries.ts';

/** The demo organisation and when its seeding committed (null: left partial), or null if none. */
export async function findDemoOrg(
  db: Database,
): Promise<{ id: string; seededAt: Date | null } | null> {
  const [existing] = await db
    .select({ id: organisations.id, seededAt: organisations.demoSeededAt })
    .from(organisations)
    .where(eq(organisations.isDemo, true));
  return existing ?? null;
}

/** Marks the demo whole; called last in the transaction that seeds it. */
export async function markDemoSeeded(db: Database, orgId: string, now: Date): Promise<void> {
  await db.update(organisations).set({ demoSeededAt: now }).where(eq(organisations.id, orgId));
}

/** Removes an organisation (with everything it owns) and the accounts of these emails. */
export async function deleteOrgAndAccounts(
  db: Database,
  orgId: string,
  emails: readonly string[],
): Promise<void> {
  await db.delete(organisations).where(eq(organisations.id, orgId));
  await db.delete(accounts).where(inArray(accounts.email, [...emails]));
}

/** Puts the account's current context in the organisation (and group), as seeded. */
export async function setSeededContext(
  db: Database,
  accountId: string,
  context: { orgId: string; groupId: string | null; type: 'org' | 'group' | 'user' },
): Promise<void> {
  await db
    .update(profiles)
    .set({
      currentOrgId: context.orgId,
      currentGroupId: context.groupId,
      currentType: context.type,
    })
    .where(eq(profiles.accountId, accountId));
}

/** Starts the organisation's billing on `start`, billed to `billingEmail`. */
export async function startBilling(
  db: Database,
  orgId: string,
  billing: { start: string; nextBillingDate: string; billingEmail: string },
): Promise<void> {
  await db
    .update(organisations)
    .set({
      billingStartDate: billing.start,
      previousBillingDate: billing.start,
      nextBillingDate: billing.nextBillingDate,
      billingEmail: billing.billingEmail,
    })
    .where(eq(organisations.id, orgId));
}

/** The provider token of the organisation's failed invoice, if it has one. */
export async function findFailedInvoiceToken(
  db: Database,
  orgId: string,
): Promise<string | null | undefined> {
  const [failed] = await db
    .select({ token: invoices.providerInvoiceId })
    .from(invoices)
    .where(and(eq(invoices.orgId, orgId), eq(invoices.invoiceStatus, 'failed')));
  return failed?.token;
}

/** The organisation's groups' ids by name. */
export async function groupIdsByName(db: Database, orgId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.orgId, orgId));
  return new Map(rows.map((group) => [group.name, group.id]));
}

/** The people of these emails, as lists name them. */
export function findNamedPeopleByEmail(db: Database, emails: readonly string[]) {
  return selectNamedPeople(db).where(inArray(accounts.email, [...emails]));
}

/** Stores invitations as they are given (the demo's history). */
export async function insertInvitations(
  db: Database,
  rows: readonly (typeof invitations.$inferInsert)[],
): Promise<void> {
  await db.insert(invitations).values([...rows]);
}

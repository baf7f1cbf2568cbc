import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, profiles, socialIdentities } from '../../db/schema/accounts.ts';
import { orgMemberships } from '../../db/schema/organisations.ts';

export async function setPasswordHash(db: Database, accountId: string, passwordHash: string) {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
}

/** How many accounts carry the app admin's mark. */
export async function markedAppAdminCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.isAppAdmin, true));
  return row?.n ?? 0;
}

/**
 * Whether the account looks exactly as an earlier server's ensureAppAdmin left it: named App
 * Admin with no gender and no birth date (which sign-up and Add User always ask for), created by
 * no organisation, in none, with no provider linked.
 */
export async function isEarlierServersAppAdmin(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(
      and(
        eq(accounts.id, accountId),
        isNull(accounts.createdByOrgId),
        eq(profiles.firstName, 'App'),
        eq(profiles.lastName, 'Admin'),
        isNull(profiles.gender),
        isNull(profiles.birthDate),
        sql`not exists (select 1 from ${orgMemberships} where ${orgMemberships.accountId} = ${accounts.id})`,
        sql`not exists (select 1 from ${socialIdentities} where ${socialIdentities.accountId} = ${accounts.id})`,
      ),
    );
  return Boolean(row);
}

/**
 * Marks the account as the app admin with its email proven (the server chose the address), and
 * takes the mark from any other: there is one app admin.
 */
export async function markAppAdmin(db: Database, accountId: string, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ isAppAdmin: false })
      .where(and(eq(accounts.isAppAdmin, true), ne(accounts.id, accountId)));
    await tx
      .update(accounts)
      .set({
        isAppAdmin: true,
        emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(accounts.id, accountId));
  });
}

import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, socialIdentities } from '../../db/schema/accounts.ts';

/** Whether the account can sign in with a password, and the identities linked to it. */
export async function loadSignInMethods(db: Database, accountId: string) {
  const [account] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const identities = await db
    .select({
      id: socialIdentities.id,
      provider: socialIdentities.provider,
      email: socialIdentities.email,
      createdAt: socialIdentities.createdAt,
    })
    .from(socialIdentities)
    .where(eq(socialIdentities.accountId, accountId))
    .orderBy(asc(socialIdentities.createdAt), asc(socialIdentities.id));
  return { hasPassword: Boolean(account?.passwordHash), identities };
}

/** Whether the account already holds an identity of this provider. */
export async function holdsProvider(db: Database, accountId: string, provider: string) {
  const [identity] = await db
    .select({ id: socialIdentities.id })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.accountId, accountId), eq(socialIdentities.provider, provider)));
  return Boolean(identity);
}

/**
 * Locks the account row for the caller's transaction and answers how it can sign in then (its
 * password, and the id and provider of each identity), so two unlinks at once are counted one
 * after the other.
 */
export async function lockSignInMethods(tx: Database, accountId: string) {
  const [account] = await tx
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  const identities = await tx
    .select({ id: socialIdentities.id, provider: socialIdentities.provider })
    .from(socialIdentities)
    .where(eq(socialIdentities.accountId, accountId));
  return { hasPassword: Boolean(account?.passwordHash), identities };
}

/** Removes one of the account's identities; null when the account holds no identity of that id. */
export async function deleteOwnIdentity(tx: Database, accountId: string, identityId: string) {
  const [deleted] = await tx
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.id, identityId), eq(socialIdentities.accountId, accountId)))
    .returning({ provider: socialIdentities.provider });
  return deleted ?? null;
}

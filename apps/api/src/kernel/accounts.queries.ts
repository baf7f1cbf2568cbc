import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, accountTokens, profiles } from '../db/schema/accounts.ts';
import type { NewAccount } from '../lib/accounts-by-email.queries.ts';
import { revokeAccountSessions } from './sessions.queries.ts';

/**
 * The account of an email, whatever its case, with its password hash and whether its email is
 * proven; null when none holds it. Sign-in by password finds any holder; whatever grants something
 * by email alone (linking, joining) must check `emailVerifiedAt` (issue 27).
 */
export async function findAccountByEmail(db: Database, email: string) {
  const [account] = await db
    .select({
      id: accounts.id,
      passwordHash: accounts.passwordHash,
      emailVerifiedAt: accounts.emailVerifiedAt,
      isAppAdmin: accounts.isAppAdmin,
    })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()));
  return account ?? null;
}

/** Creates an account with its profile; null when the email is already taken. */
export async function insertAccount(db: Database, account: NewAccount): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({
        email: account.email.toLowerCase(),
        passwordHash: account.passwordHash,
        emailVerifiedAt: account.emailVerifiedAt ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    if (!created) return null;
    await tx.insert(profiles).values({
      accountId: created.id,
      firstName: account.firstName,
      lastName: account.lastName,
      gender: account.gender,
      birthDate: account.birthDate,
    });
    return created.id;
  });
}

/**
 * Marks the account's email proven, if it still holds `email` (it may have lost an unproven
 * address meanwhile); false when it no longer holds it.
 */
export async function markEmailVerified(db: Database, accountId: string, email: string, at: Date) {
  const rows = await db
    .update(accounts)
    .set({
      emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(accounts.id, accountId), eq(sql`lower(${accounts.email})`, email.toLowerCase())))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** An address nobody can receive mail at (RFC 2606 `.invalid`), unique so the index holds. */
const releasedAddress = () => `released-${randomUUID()}@released.invalid`;

/**
 * Takes `email` from the unproven account holding it, because its proven owner appeared: the
 * account keeps its data under a non-routable placeholder address, its sessions end and its
 * unused links die. Answers the released account's id; null when no unproven account holds it.
 */
export async function releaseUnprovenEmail(db: Database, email: string, at: Date) {
  const [released] = await db
    .update(accounts)
    .set({ email: releasedAddress() })
    .where(
      and(eq(sql`lower(${accounts.email})`, email.toLowerCase()), isNull(accounts.emailVerifiedAt)),
    )
    .returning({ id: accounts.id });
  if (!released) return null;
  await revokeAccountSessions(db, released.id, at);
  await db
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.accountId, released.id), isNull(accountTokens.usedAt)));
  return released.id;
}

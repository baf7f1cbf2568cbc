import { and, eq, gt, lte } from 'drizzle-orm';
import type { Gender } from '@resonant/contracts/profile';
import type { Database } from '../../db/client.ts';
import { socialIdentities } from '../../db/schema/accounts.ts';
import { pendingSocialSignUps, socialSignInAttempts } from '../../db/schema/social-sign-in.ts';

/** The person's name as an Apple-type provider posts it beside the code, the first time only. */
export type PostedUser = { firstName: string | null; lastName: string | null };

/** What the provider's claims prefill on the 'Almost there!' form. */
export type PendingClaims = {
  firstName: string | null;
  lastName: string | null;
  gender: Gender | null;
  birthDate: string | null;
};

export type NewAttempt = Omit<typeof socialSignInAttempts.$inferInsert, 'id' | 'createdAt'>;

/** Stores a round trip just started, and forgets the ones that ran out. */
export async function insertAttempt(db: Database, attempt: NewAttempt, now: Date) {
  await db.delete(socialSignInAttempts).where(lte(socialSignInAttempts.expiresAt, now));
  await db.insert(socialSignInAttempts).values(attempt);
}

/** Keeps the name an Apple-type provider posted with the code, on the live attempt of `stateHash`. */
export async function storePostedUser(
  db: Database,
  stateHash: string,
  user: PostedUser,
  now: Date,
) {
  await db
    .update(socialSignInAttempts)
    .set({ postedUser: user })
    .where(
      and(eq(socialSignInAttempts.stateHash, stateHash), gt(socialSignInAttempts.expiresAt, now)),
    );
}

const liveAttempt = (stateHash: string, now: Date) =>
  and(eq(socialSignInAttempts.stateHash, stateHash), gt(socialSignInAttempts.expiresAt, now));

const attemptOf = (row: typeof socialSignInAttempts.$inferSelect) => ({
  ...row,
  postedUser: row.postedUser as PostedUser | null,
});

/**
 * Takes the live attempt of `stateHash` out, when the browser of `bindingHash` started it, so its
 * callback is answered once: a replayed or concurrent second callback finds nothing, and another
 * browser's callback leaves it in place.
 */
export async function takeAttempt(db: Database, stateHash: string, bindingHash: string, now: Date) {
  const [attempt] = await db
    .delete(socialSignInAttempts)
    .where(and(liveAttempt(stateHash, now), eq(socialSignInAttempts.bindingHash, bindingHash)))
    .returning();
  return attempt ? attemptOf(attempt) : null;
}

/** The live attempt of `stateHash`, left in place (to say where a refused callback lands). */
export async function findAttempt(db: Database, stateHash: string, now: Date) {
  const [attempt] = await db.select().from(socialSignInAttempts).where(liveAttempt(stateHash, now));
  return attempt ? attemptOf(attempt) : null;
}

export type Attempt = NonNullable<Awaited<ReturnType<typeof takeAttempt>>>;

/** The identity the provider vouches for (issuer and subject), if an account holds it. */
export async function findIdentity(db: Database, issuer: string, subject: string) {
  const [identity] = await db
    .select({ id: socialIdentities.id, accountId: socialIdentities.accountId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.issuer, issuer), eq(socialIdentities.subject, subject)));
  return identity ?? null;
}

export type NewIdentity = {
  accountId: string;
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
};

/**
 * Links an identity to an account; null when a unique index refused it (the identity is held, or
 * the account has one of this provider), so a race is decided by the database.
 */
export async function insertIdentity(db: Database, identity: NewIdentity) {
  const [created] = await db
    .insert(socialIdentities)
    .values(identity)
    .onConflictDoNothing()
    .returning({ id: socialIdentities.id });
  return created?.id ?? null;
}

export type NewPending = Omit<typeof pendingSocialSignUps.$inferInsert, 'id' | 'createdAt'> & {
  claims: PendingClaims;
};

/** Stores an identity waiting for its account, and forgets the ones that ran out. */
export async function insertPending(db: Database, pending: NewPending, now: Date) {
  await db.delete(pendingSocialSignUps).where(lte(pendingSocialSignUps.expiresAt, now));
  await db.insert(pendingSocialSignUps).values(pending);
}

/** The live pending sign-up whose cookie hashes to `tokenHash`. */
export async function findPending(db: Database, tokenHash: string, now: Date) {
  const [pending] = await db
    .select()
    .from(pendingSocialSignUps)
    .where(
      and(eq(pendingSocialSignUps.tokenHash, tokenHash), gt(pendingSocialSignUps.expiresAt, now)),
    );
  if (!pending) return null;
  return { ...pending, claims: pending.claims as PendingClaims };
}

export type Pending = NonNullable<Awaited<ReturnType<typeof findPending>>>;

/**
 * Takes a pending sign-up out in the caller's transaction; false when another request took it
 * first, so one pending identity makes one account or one link.
 */
export async function takePending(tx: Database, pendingId: string): Promise<boolean> {
  const taken = await tx
    .delete(pendingSocialSignUps)
    .where(eq(pendingSocialSignUps.id, pendingId))
    .returning({ id: pendingSocialSignUps.id });
  return taken.length > 0;
}
